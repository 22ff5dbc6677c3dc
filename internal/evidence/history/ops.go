package history

// The operations as the history names them (an entry's F): the recording
// client, the steps and the run record under these names, and the
// checkers find what they judge by them. A Salt command's name is its
// tool, options and function (client.Cmd.Name; a client test holds each
// command to its name here). The strings are on disk in saved runs: never
// change one.
const (
	// CallPingOp is `salt-call test.ping` on a minion: Node and Target the
	// minion, signed in to its masters as configured.
	CallPingOp = "salt-call test.ping"
	// SaltPingOp is `salt <target> test.ping` on a master, the value a
	// CLIValue.
	SaltPingOp = "salt test.ping"

	// StateApplyOp is `salt-call --master M state.apply` on a minion: Node
	// and Target are the minion, the value a StateApplyValue (also on a
	// failed completion, so a failed state's id, comment and changes stay
	// evidence).
	StateApplyOp = "salt-call state.apply"
	// PillarItemsOp is `salt-call --master M pillar.items` on a minion: Node
	// and Target the minion, the value a PillarValue.
	PillarItemsOp = "salt-call pillar.items"

	// AnswersOp names the function probe of a master
	// (compose/lib/master-answers, run in the master's container): ok when
	// its ret port answered within the probe's bound, fail when it did
	// not, info when the probe itself could not run to its end.
	AnswersOp = "master-answers"

	// KeyListOp is `salt-key -L` on a master, the value a KeysValue.
	KeyListOp = "salt-key -L"
	// KeyFilesOp is the same list read without Salt: the files of the
	// four key folders (minions, minions_pre, minions_rejected,
	// minions_denied) under the directory salt-key reads, listed as
	// salt-key lists them (client.KeyFiles); the value a KeysValue.
	// Checkers take it wherever they take KeyListOp (KeyListOps).
	KeyFilesOp = "ls key folders"
	// FingerOp names the key-fingerprint operation (`salt-key -F
	// --out=json` on a master); its value is FingersValue.
	FingerOp = "salt-key -F"
	// PkiDirOp records which directory a master's pki_dir is (PkiDirValue).
	PkiDirOp = "stat pki_dir"
	// KeySeedOp records that saltlab, not a master, made the masters'
	// shared key pair: it wrote a new master.pem and master.pub onto the
	// lab's fresh key volume before the first master started (Process
	// "saltlab", Node the service whose container it wrote through), so
	// the masters loaded that pair; the value is KeySeedValue.
	KeySeedOp = "seed master key pair"

	// ConfigGetLocalOp records one minion setting: `salt-call --local
	// config.get KEY`, Salt's own answer (defaults and merges included);
	// the value is ConfigValue.
	ConfigGetLocalOp = "salt-call --local config.get"
	// ConfigItemsLocalOp records a minion's settings in one Salt process:
	// `salt-call --local config.items`, the options the minion loaded
	// (Salt's defaults included); the value is ConfigItems. Each
	// `salt-call` imports Salt and builds its loaders, about 1.5 s of CPU
	// on real Salt, so one call instead of one per key matters for a lab
	// of a hundred minions. A key the options lack, or whose value is an
	// sdb:// reference, is read by ConfigGetLocalOp instead: config.get
	// also searches grains, pillar and its own DEFAULTS, and resolves sdb
	// (salt/modules/config.py get).
	ConfigItemsLocalOp = "salt-call --local config.items"
	// HostsOp records a minion's /etc/hosts, where compose extra_hosts pins
	// names so that they never reach Docker's DNS; the value is HostsValue.
	HostsOp = "cat /etc/hosts"
	// AddressOp records a master's addresses (`hostname -i`), so an entry
	// naming an address can be told apart from one naming another master;
	// the value is AddressValue.
	AddressOp = "hostname -i"
	// ConfigGetOp is `salt-run config.get <option>` on a master; Target is
	// the option, the value the option's JSON as the master loaded it.
	ConfigGetOp = "salt-run config.get"
	// MasterOptsOp is `salt-run test.get_opts` on a master: every option
	// the master's configuration gives (Salt's runner returns its
	// __opts__), read once a run; the value counts them. Later
	// ConfigGetOp operations answered from it carry Reused, its
	// invocation's index, instead of running salt-run again.
	MasterOptsOp = "salt-run test.get_opts"
	// RootsDigestOp is a digest of every file under a roots option's
	// directories on a master; Target is the option, the value RootsDigest.
	RootsDigestOp = "sha256sum roots"
)

// KeyListOps are the operations that record a master's key list.
func KeyListOps() []string { return []string{KeyListOp, KeyFilesOp} }

// KeyActionOp is the history's name of `salt-key -a|-d|-r` for action
// accept, reject or delete.
func KeyActionOp(action string) string {
	switch action {
	case "accept":
		return "salt-key -a"
	case "reject":
		return "salt-key -r"
	}
	return "salt-key -d"
}

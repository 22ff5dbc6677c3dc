package history

import (
	"encoding/json"

	"github.com/saltlab/saltlab/internal/salt/etchosts"
)

// The values operations record (an entry's Value), by the operation that
// records each (ops.go). The recording client and the steps write them,
// the checkers and reports read them back: both take the shapes from
// here, what was recorded, so the recorder needs nothing of the judge.

// CLIValue is the value a CLI job operation records: documents per id
// that answered, and every id's return.
type CLIValue struct {
	Documents map[string]int             `json:"documents"`
	Returns   map[string]json.RawMessage `json:"returns,omitempty"`
}

// StateRecord is one state's return as the history keeps it (saltout.State
// reduced to what a verdict names).
type StateRecord struct {
	Key     string          `json:"key"`
	ID      string          `json:"id"`
	SLS     string          `json:"sls,omitempty"`
	Result  *bool           `json:"result"`
	Comment string          `json:"comment,omitempty"`
	Changes json.RawMessage `json:"changes,omitempty"`
}

// StateApplyValue is the value of a StateApplyOp: which master served it,
// whether it was test=True, and the states or the render errors.
type StateApplyValue struct {
	Master string        `json:"master"`
	Test   bool          `json:"test,omitempty"`
	States []StateRecord `json:"states,omitempty"`
	Errors []string      `json:"errors,omitempty"`
	// Where says, for each error Salt gave as a render error, which file
	// and line under the states or pillar directory ("app.sls or
	// app/init.sls, line 4"; "" for other errors).
	Where []string `json:"where,omitempty"`
}

// PillarValue is the value of a PillarItemsOp: the master that rendered it
// and the pillar it sent.
type PillarValue struct {
	Master string          `json:"master"`
	Pillar json.RawMessage `json:"pillar"`
}

// KeysValue is the value of a key-list operation (KeyListOp, KeyFilesOp):
// every key by state (KeyAccepted, KeyPending, KeyRejected, KeyDenied),
// and for KeyFilesOp the directory whose key folders were read.
type KeysValue struct {
	Keys map[string][]string `json:"keys"`
	Dir  string              `json:"dir,omitempty"`
}

// Key states of a minion id on a master; absent means in no list.
const (
	KeyAccepted = "accepted"
	KeyPending  = "pending"
	KeyRejected = "rejected"
	KeyDenied   = "denied"
	KeyAbsent   = "absent"
)

// FingersValue is the value of a FingerOp: the master's local key files
// (master.pem, master.pub, master_sign.pub where it signs) and their
// fingerprints, salt-key's "local" category (salt/key.py local_keys).
type FingersValue struct {
	Local map[string]string `json:"local"`
}

// KeySeedValue is the value of a KeySeedOp: the volume, where the
// services mount it, which services do, and master.pub's fingerprint as
// `salt-key -F` prints it (compare the masters' FingersValue): Salt 3006,
// 3007 and the double hash the key's body, Salt 3008 the whole file.
type KeySeedValue struct {
	Volume           string   `json:"volume"`
	Dir              string   `json:"dir"`
	Services         []string `json:"services"`
	Fingerprint      string   `json:"fingerprint"`
	FingerprintWhole string   `json:"fingerprint_3008"`
}

// PkiDirValue identifies the directory behind a master's pki_dir: device
// and inode as the container sees them. Two masters showing the same
// identity share one directory (one volume), so one master's salt-key
// action changes the other's key lists too.
type PkiDirValue struct {
	Dir string `json:"dir"`
	ID  string `json:"id"`
}

// ConfigValue is the value of a ConfigGetLocalOp: the key asked and Salt's
// answer, as JSON.
type ConfigValue struct {
	Key   string          `json:"key"`
	Value json.RawMessage `json:"value"`
}

// ConfigItems is the value of a ConfigItemsLocalOp: the keys asked for that
// the minion's options hold, as JSON; a key absent here was not in them.
type ConfigItems struct {
	Values map[string]json.RawMessage `json:"values"`
}

// HostsValue is the value of a HostsOp: the mappings of the file.
type HostsValue struct {
	Lines []etchosts.Line `json:"lines"`
}

// AddressValue is the value of an AddressOp.
type AddressValue struct {
	Addresses []string `json:"addresses"`
}

// RootsDigest is the value of a RootsDigestOp: the directories read and
// the sha256 of every regular file below them, by path.
type RootsDigest struct {
	Dirs  []string          `json:"dirs"`
	Files map[string]string `json:"files"`
}

// Probe is the value of a probe connection through the load balancer: the
// dead server's address, the upstream addresses the balancer tried for it
// in order, and the session status (200: a server took it).
type Probe struct {
	Dead   string   `json:"dead"`
	Tried  []string `json:"tried"`
	Status int      `json:"status"`
}

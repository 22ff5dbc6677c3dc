package chaos

import (
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/saltlab/saltlab/internal/chaos/fault"
)

// KindKeyReplace gives a master a new key pair.
const KindKeyReplace fault.Kind = "key-replace"

func init() {
	register(Def{Kind: KindKeyReplace, Place: 500,
		Args:      []Arg{{Option: optPath, Example: DefaultPKIDir, Optional: true, Help: "pki dir (default " + DefaultPKIDir + ")"}},
		Check:     checkPKIDir,
		Mechanism: "new RSA pair written over master.pem/master.pub, old pair kept in .saltlab-backup-<id>/ in the same volume; heal: restore it",
		Salt:      "after the master restarts, minions that cached the old public key refuse it (\"The master key has changed\"); two masters with different keys break hot mode",
		inject:    keyReplaceFault, undo: undoKeyReplace})
}

// checkPKIDir refuses a relative pki dir: the key faults' scripts run in
// the container, whose working directory is no pki dir.
func checkPKIDir(s Spec) error {
	if s.Path != "" && !strings.HasPrefix(s.Path, "/") {
		return fmt.Errorf("fault %s: path %q must be absolute: give the master's pki_dir, such as %s", s.Kind, s.Path, DefaultPKIDir)
	}
	return nil
}

// DefaultPKIDir is where a master keeps its key pair.
const DefaultPKIDir = "/etc/salt/pki/master"

const dataBackup = "backup"

// pkiDir is the master pki dir a key fault acts on: the spec's, or Salt's
// default.
func pkiDir(s Spec) string {
	if s.Path == "" {
		return DefaultPKIDir
	}
	return s.Path
}

// keyReplaceScript backs the pair up and replaces it. The pki dir and the
// backup dir are its positional arguments, never part of its text: the
// dir is the user's --path, and a shell reads "$(...)" in a quoted Go
// string (%q) as a command.
const keyReplaceScript = `d="$1"; backup="$2"
cd -- "$d"
test -f master.pem -a -f master.pub || { echo "no master.pem/master.pub in $d" >&2; exit 1; }
mkdir -m 700 -- "$backup"
cp -a master.pem master.pub "$backup/"
umask 077
openssl genrsa -out master.pem.saltlab-new 2048 2>/dev/null
openssl rsa -in master.pem.saltlab-new -pubout -out master.pub.saltlab-new 2>/dev/null
chmod --reference=master.pub master.pub.saltlab-new
mv -f master.pem.saltlab-new master.pem
mv -f master.pub.saltlab-new master.pub`

// keyReplaceUndoScript puts the backed-up pair back; no backup means
// healed. Arguments: pki dir, backup dir.
const keyReplaceUndoScript = `d="$1"; backup="$2"
[ -d "$backup" ] || exit 0
rm -f -- "$d/master.pem.saltlab-new" "$d/master.pub.saltlab-new"
cp -a -- "$backup/master.pem" "$backup/master.pub" "$d/"
rm -rf -- "$backup"`

// keyReplaceFault gives one master a new RSA key pair, the situation of two
// "HA" masters whose keys differ (salt-semantics §1: minions cache the
// first master's public key and refuse the other). The old pair is backed
// up inside the same volume (never copied out of the container) and put
// back byte for byte, with modes and times, on heal. Salt reads the key at
// start, so the master sees the new pair when it next restarts.
func keyReplaceFault(ctx context.Context, e *Engine, s Spec) (fault.Entry, error) {
	svc, dir := s.Targets[0], pkiDir(s)
	info, err := e.unpausedTarget(ctx, svc)
	if err != nil {
		return fault.Entry{}, err
	}
	// A pair that is not there is refused before the ledger: recorded, it
	// would be an "active" fault that replaced nothing.
	if _, err := e.run(ctx, info.ID, "test", "-f", path.Join(dir, "master.pem"), "-a", "-f", path.Join(dir, "master.pub")); err != nil {
		return fault.Entry{}, fmt.Errorf("key-replace %s: no master.pem and master.pub in %s; give --path the master's pki_dir (default %s)", svc, dir, DefaultPKIDir)
	}
	backup := path.Join(dir, ".saltlab-backup-"+token())
	en, err := e.record(s, map[string]string{dataContainer: info.ID, dataService: svc, "dir": dir, dataBackup: backup})
	if err != nil {
		return en, err
	}
	if _, err := e.run(ctx, info.ID, "bash", "-ec", keyReplaceScript, "saltlab", dir, backup); err != nil {
		return en, fmt.Errorf("replace key pair of %s: %w", svc, err)
	}
	e.logf("replaced the key pair of %s in %s (backup %s, fault %d)", svc, dir, backup, en.ID)
	return en, nil
}

// undoKeyReplace restores the backed-up pair; no backup means healed.
func undoKeyReplace(ctx context.Context, e *Engine, en fault.Entry) error {
	id, dir, backup := en.Data[dataContainer], en.Data["dir"], en.Data[dataBackup]
	return e.inStopped(ctx, id, "the key replacement", func() error {
		if _, err := e.run(ctx, id, "bash", "-ec", keyReplaceUndoScript, "saltlab", dir, backup); err != nil {
			return fmt.Errorf("restore key pair of %s: %w", en.Data[dataService], err)
		}
		return nil
	})
}

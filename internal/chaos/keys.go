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
		Mechanism: "new RSA pair written over the pair the master reads (<service>.pem/.pub from Salt 3008, else master.pem/master.pub), old pair kept in .saltlab-backup-<id>/ in the same volume; heal: restore it",
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

// dataKeyName is the pair a key-replace replaced: "master" (master.pem)
// or the master's id (Salt 3008's <id>.pem).
const dataKeyName = "name"

// pkiDir is the master pki dir a key fault acts on: the spec's, or Salt's
// default.
func pkiDir(s Spec) string {
	if s.Path == "" {
		return DefaultPKIDir
	}
	return s.Path
}

// keyReplaceScript backs the pair up and replaces it. The pki dir, the
// backup dir and the pair's name are its positional arguments, never part
// of its text: the dir is the user's --path, and a shell reads "$(...)"
// in a quoted Go string (%q) as a command. The pair is the one the master
// reads: from Salt 3008 a master keeps its pair as <id>.pem/<id>.pub (one
// per master in a shared pki_dir; master.pem and master.pub are links to
// the first master's, salt/crypt.py MasterKeys), before it master.pem and
// master.pub (keyPairName finds which).
const keyReplaceScript = `d="$1"; backup="$2"; name="$3"
cd -- "$d"
test -f "$name.pem" -a -f "$name.pub" || { echo "no $name.pem/$name.pub in $d" >&2; exit 1; }
mkdir -m 700 -- "$backup"
cp -a -- "$name.pem" "$name.pub" "$backup/"
umask 077
openssl genrsa -out "$name.pem.saltlab-new" 2048 2>/dev/null
openssl rsa -in "$name.pem.saltlab-new" -pubout -out "$name.pub.saltlab-new" 2>/dev/null
chmod --reference="$name.pub" "$name.pub.saltlab-new"
mv -f -- "$name.pem.saltlab-new" "$name.pem"
mv -f -- "$name.pub.saltlab-new" "$name.pub"`

// keyReplaceUndoScript puts the backed-up pair back; no backup means
// healed. Arguments: pki dir, backup dir, the name the fault replaced
// (master when empty: a ledger written before names were kept).
const keyReplaceUndoScript = `d="$1"; backup="$2"; name="${3:-master}"
[ -d "$backup" ] || exit 0
rm -f -- "$d/$name.pem.saltlab-new" "$d/$name.pub.saltlab-new"
cp -a -- "$backup/$name.pem" "$backup/$name.pub" "$d/"
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
	name, err := e.keyPairName(ctx, info.ID, dir, svc)
	if err != nil {
		return fault.Entry{}, err
	}
	backup := path.Join(dir, ".saltlab-backup-"+token())
	en, err := e.record(s, map[string]string{dataContainer: info.ID, dataService: svc, "dir": dir, dataBackup: backup, dataKeyName: name})
	if err != nil {
		return en, err
	}
	if _, err := e.run(ctx, info.ID, "bash", "-ec", keyReplaceScript, "saltlab", dir, backup, name); err != nil {
		return en, fmt.Errorf("replace key pair of %s: %w", svc, err)
	}
	e.logf("replaced the key pair of %s in %s (%s.pem/%s.pub; backup %s, fault %d)", svc, dir, name, name, backup, en.ID)
	return en, nil
}

// undoKeyReplace restores the backed-up pair; no backup means healed.
func undoKeyReplace(ctx context.Context, e *Engine, en fault.Entry) error {
	id, dir, backup := en.Data[dataContainer], en.Data["dir"], en.Data[dataBackup]
	return e.inStopped(ctx, id, "the key replacement", func() error {
		if _, err := e.run(ctx, id, "bash", "-ec", keyReplaceUndoScript, "saltlab", dir, backup, en.Data[dataKeyName]); err != nil {
			return fmt.Errorf("restore key pair of %s: %w", en.Data[dataService], err)
		}
		return nil
	})
}

// keyPairName is the pair the master svc reads in dir: Salt 3008's
// <id>.pem/<id>.pub, a regular file named after the master (the lab's
// master ids are its service names), else master.pem/master.pub.
func (e *Engine) keyPairName(ctx context.Context, container, dir, svc string) (string, error) {
	own := path.Join(dir, svc)
	if _, err := e.run(ctx, container, "test", "-f", own+".pem", "-a", "!", "-L", own+".pem", "-a", "-f", own+".pub"); err == nil {
		return svc, nil
	}
	if _, err := e.run(ctx, container, "test", "-f", path.Join(dir, "master.pem"), "-a", "-f", path.Join(dir, "master.pub")); err != nil {
		return "", fmt.Errorf("key-replace %s: no master.pem and master.pub in %s (nor %s.pem and %s.pub, Salt 3008's); give --path the master's pki_dir (default %s)", svc, dir, svc, svc, DefaultPKIDir)
	}
	return "master", nil
}

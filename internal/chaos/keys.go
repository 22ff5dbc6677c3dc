package chaos

import (
	"context"
	"fmt"
	"path"

	"github.com/saltlab/saltlab/internal/chaos/fault"
)

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

// keyReplaceFault gives one master a new RSA key pair, the situation of two
// "HA" masters whose keys differ (salt-semantics §1: minions cache the
// first master's public key and refuse the other). The old pair is backed
// up inside the same volume (never copied out of the container) and put
// back byte for byte, with modes and times, on heal. Salt reads the key at
// start, so the master sees the new pair when it next restarts.
func keyReplaceFault(ctx context.Context, e *Engine, s Spec) (fault.Entry, error) {
	svc, dir := s.Targets[0], pkiDir(s)
	info, err := e.target(ctx, svc)
	if err != nil {
		return fault.Entry{}, err
	}
	backup := path.Join(dir, ".saltlab-backup-"+token())
	en, err := e.record(s, map[string]string{dataContainer: info.ID, dataService: svc, "dir": dir, dataBackup: backup})
	if err != nil {
		return en, err
	}
	script := fmt.Sprintf(`cd %q
test -f master.pem -a -f master.pub || { echo "no master.pem/master.pub in %s" >&2; exit 1; }
mkdir -m 700 %q
cp -a master.pem master.pub %q/
umask 077
openssl genrsa -out master.pem.saltlab-new 2048 2>/dev/null
openssl rsa -in master.pem.saltlab-new -pubout -out master.pub.saltlab-new 2>/dev/null
chmod --reference=master.pub master.pub.saltlab-new
mv -f master.pem.saltlab-new master.pem
mv -f master.pub.saltlab-new master.pub`, dir, dir, backup, backup)
	if _, err := e.sh(ctx, info.ID, script); err != nil {
		return en, fmt.Errorf("replace key pair of %s: %w", svc, err)
	}
	e.logf("replaced the key pair of %s in %s (backup %s, fault %d)", svc, dir, backup, en.ID)
	return en, nil
}

// undoKeyReplace restores the backed-up pair; no backup means healed.
func undoKeyReplace(ctx context.Context, e *Engine, en fault.Entry) error {
	id, dir, backup := en.Data[dataContainer], en.Data["dir"], en.Data[dataBackup]
	script := fmt.Sprintf(`[ -d %[2]q ] || exit 0
rm -f %[1]q/master.pem.saltlab-new %[1]q/master.pub.saltlab-new
cp -a %[2]q/master.pem %[2]q/master.pub %[1]q/
rm -rf %[2]q`, dir, backup)
	return e.inStopped(ctx, id, "the key replacement", func() error {
		if _, err := e.sh(ctx, id, script); err != nil {
			return fmt.Errorf("restore key pair of %s: %w", en.Data[dataService], err)
		}
		return nil
	})
}

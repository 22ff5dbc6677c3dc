package bringup

import (
	"errors"
	"fmt"
	"strings"
)

// pendingKeyLog is what a Salt daemon (minion or syndic) logs on every
// sign-in attempt while its key waits in a master's minions_pre/ (the
// master answered "pending": salt/crypt.py AsyncAuth.sign_in). Real Salt
// and the double log the same words (internal/sim/signin/auth.go).
const pendingKeyLog = "The Salt Master has cached the public key for this node"

// errKeyPending marks a bring-up that failed because a daemon's key was
// never accepted, so it can be told from other failures with errors.Is.
var errKeyPending = errors.New("a Salt daemon's key is pending: its master does not accept keys automatically")

// explainUpFailure adds the cause and the fix to a bring-up failure whose
// evidence (the failing container's last log lines, which lab.Up puts in
// its error) shows a cause an operator can act on. Bring-up accepts the
// keys of the minions and syndics the topology declares (keyAccepter), so
// a key still pending belongs to a daemon it does not declare, or to one
// whose master's salt-key failed: the minions' health check (an
// established connection to the publish port) cannot pass while it is.
func explainUpFailure(err error) error {
	if err == nil || !strings.Contains(err.Error(), pendingKeyLog) {
		return err
	}
	return fmt.Errorf("%w\n%w (auto_accept is False, Salt's default, and no autosign_file lists it). "+
		"Bring-up accepts with salt-key -a the keys of the minions and syndics x-saltlab declares, so this daemon is not "+
		"declared or salt-key failed on its master (see the lines above): declare it in x-saltlab, "+
		"pass --set master.auto_accept=true (or set it in a --master-config drop-in), or list its id in an autosign_file", err, errKeyPending)
}

package runner

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
// its error) shows a cause an operator can act on. A lab whose masters do
// not auto-accept never comes up: the minions' health check (an
// established connection to the publish port) cannot pass while their key
// is pending, and the lab does not accept keys on the user's behalf.
func explainUpFailure(err error) error {
	if err == nil || !strings.Contains(err.Error(), pendingKeyLog) {
		return err
	}
	return fmt.Errorf("%w\n%w (auto_accept is False, Salt's default, and no autosign_file lists it). "+
		"The lab needs every minion accepted when it starts: set `auto_accept: True` in a master drop-in "+
		"(--master-config DIR) or pass --set master.auto_accept=true, or list the minion ids in an autosign_file", err, errKeyPending)
}

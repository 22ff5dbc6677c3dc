// Package signin is the minion side of connecting to a master: the sign-in
// (AsyncAuth, salt/crypt.py) and master selection (MinionBase.eval_master,
// salt/minion.py), shared by the salt-minion daemon and salt-call.
package signin

import (
	"errors"
	"fmt"
)

// Sign-in outcomes that callers branch on. Their texts are Salt's.
var (
	ErrTimeout        = errors.New("Attempt to authenticate with the salt master failed with timeout error")
	ErrNotAccepted    = errors.New("Minion failed to authenticate with the master, has the minion key been accepted?")
	ErrInvalidKey     = errors.New("Invalid master key")
	ErrFull           = errors.New("Master is full (max_minions reached)")
	ErrNoMaster       = errors.New("No master could be reached or all masters denied the minion's connection attempt.")
	ErrNoneResolved   = errors.New("No master could be resolved")
	ErrUnresolvable   = errors.New("Master hostname could not be resolved")
	ErrMasterDisabled = errors.New("Master is set to disable, skipping connection")
)

// ExitError ends the whole process with Code (Salt's sys.exit paths:
// 77 rejected key, 42 unresolvable empty master/finger mismatch, 2 salt-call
// pending key on a single master, 1 bad master_type).
type ExitError struct {
	Code int
	Msg  string
}

func (e *ExitError) Error() string { return fmt.Sprintf("exit %d: %s", e.Code, e.Msg) }

// ClientError wraps a failed connection the way the pub channel surfaces it.
func ClientError(err error) error { return fmt.Errorf("Unable to sign_in to master: %w", err) }

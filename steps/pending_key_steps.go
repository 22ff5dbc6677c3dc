package steps

import (
	"context"
	"slices"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

const (
	// pendingSignInTimeout bounds the salt-call that carries a minion's
	// key to a master that does not auto-accept. Salt answers "pending"
	// to its first sign-in and salt-call then waits acceptance_wait_time
	// (10 s by default) before trying again, for as long as the key
	// stays pending (salt/crypt.py AsyncAuth._authenticate), so
	// the call is cut short once it has delivered the key.
	pendingSignInTimeout = 15 * time.Second
	// pendingListBound bounds waiting for the master to list the key as
	// pending after that call.
	pendingListBound = 20 * time.Second
)

// keyWaitsPending has the minion sign in to master (salt-call --master M
// test.ping), which on a master without auto_accept leaves its key in
// minions_pre/, then lists the master's keys until it shows there, and
// judges the last listing (checker.KeyState, pending).
func keyWaitsPending(ctx context.Context, who, master string) error {
	w := worldFrom(ctx)
	minion, err := w.Lab.Roles().ServiceNamed(who)
	if err != nil {
		return err
	}
	if master, err = w.Lab.Roles().ServiceNamed(master); err != nil {
		return err
	}
	w.SaltCallVia(ctx, minion, master, pendingSignInTimeout, "test.ping")
	from := w.History.Next()
	_, _ = poll.Run(ctx, poll.Within(pendingListBound), func(ctx context.Context, _ time.Duration) bool {
		from = w.History.Next()
		keys, o := w.SaltKeys(ctx, master, keyListTimeout)
		return o.OK() && pendingIn(keys, minion)
	})
	return w.Judge(checker.NameKeyState, checker.KeyStateParams{From: from, To: w.History.Next(), Master: master, Minions: []string{minion}, State: history.KeyPending}, "", false)
}

func pendingIn(k saltout.KeyList, id string) bool { return slices.Contains(k.Pending, id) }

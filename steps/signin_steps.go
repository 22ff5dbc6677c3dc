package steps

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/scenario"
)

// keyListTimeout bounds one `salt-key -L` on a master.
const keyListTimeout = 10 * time.Second

// masterKnowsNoMinionKey lists master's keys for the whole window; the
// checker judges that no minion reached it: its key directories stay empty
// (a minion that reaches a master's ret port always leaves its key there,
// accepted, or pending without auto-accept: salt-semantics §3.3) and its
// bus shows no salt/auth event.
func masterKnowsNoMinionKey(ctx context.Context, window int, master string) error {
	w := worldFrom(ctx)
	master, rerr := w.Lab.Roles().ServiceNamed(master)
	if rerr != nil {
		return rerr
	}
	from := w.History.Next()
	if _, err := poll.Run(ctx, poll.Within(time.Duration(window)*time.Second), func(ctx context.Context, _ time.Duration) bool {
		keys, o := w.SaltKeys(ctx, master, keyListTimeout)
		return o.OK() && keys.Any() // a key ends the wait: the checker says what it was
	}); err != nil {
		return err
	}
	return w.Judge(checker.NameNoSignIn, checker.SignInParams{From: from, To: w.History.Next(), Master: master, F: history.KeyListOp}, "", false)
}

// everyMinionSaltCallPingFails: salt-call test.ping fails on every minion
// (it cannot sign in to any master), within scenario.CallTimeout.
func everyMinionSaltCallPingFails(ctx context.Context) error {
	w := worldFrom(ctx)
	return w.judgeCallPing(ctx, scenario.Minions(w.Lab), checker.NameRefusal, "")
}

// saltCallRefusedAsRejected judges each named minion's salt-call test.ping
// after the scenario's salt-key -r (checker.RejectedKey): refused with exit
// 77 where the rejection counts, which depends on the masters' key pairs,
// so every master's key fingerprints are recorded first.
func saltCallRefusedAsRejected(ctx context.Context, who string) error {
	w := worldFrom(ctx)
	ms, err := w.Lab.Roles().ServicesNamed(who)
	if err != nil {
		return err
	}
	w.mu.Lock()
	a := w.lastKeyAct
	w.mu.Unlock()
	if a == nil || a.action != "reject" {
		return fmt.Errorf("judge a rejected key: the scenario rejected no key before this step (use \"I reject the key of ... on ...\")")
	}
	var errs []error
	for _, m := range scenario.Masters(w.Lab) {
		w.SaltFingers(ctx, m, keyOpTimeout)
	}
	for _, m := range ms {
		from := w.History.Next()
		w.SaltCall(ctx, m, scenario.CallTimeout, "test.ping")
		errs = append(errs, w.Judge(checker.NameRejectedKey, checker.RejectedKeyParams{From: from, To: w.History.Next(),
			F: history.CallPingOp, Fun: "test.ping", Minion: m, Master: a.master, Masters: scenario.Masters(w.Lab)}, "", false))
	}
	return errors.Join(errs...)
}

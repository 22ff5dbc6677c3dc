package steps

import (
	"context"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/checker"
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
	master, rerr := resolveOne(w.Lab, master)
	if rerr != nil {
		return rerr
	}
	from := w.History.Next()
	if _, err := poll(ctx, time.Now().Add(time.Duration(window)*time.Second), func(ctx context.Context, _ time.Duration) bool {
		keys, o := w.saltKeys(ctx, master, keyListTimeout)
		return o.ok() && keys.Any() // a key ends the wait: the checker says what it was
	}); err != nil {
		return err
	}
	return w.judge(checker.NameNoSignIn, checker.SignInParams{From: from, To: w.History.Next(), Master: master, F: "salt-key -L"}, "", false)
}

// everyMinionSaltCallPingFails: salt-call test.ping fails on every minion
// (it cannot sign in to any master), within callTimeout.
func everyMinionSaltCallPingFails(ctx context.Context) error {
	w := worldFrom(ctx)
	ms := minions(w.Lab)
	from := w.History.Next()
	var wg sync.WaitGroup
	for _, m := range ms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.saltCall(ctx, m, callTimeout, "test.ping")
		}()
	}
	wg.Wait()
	return w.judge(checker.NameRefusal, checker.OutcomeParams{From: from, To: w.History.Next(), F: "salt-call test.ping", Targets: ms}, "", false)
}

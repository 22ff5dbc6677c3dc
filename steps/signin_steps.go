package steps

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/saltout"
)

// keyListTimeout bounds one `salt-key -L` on a master.
const keyListTimeout = 10 * time.Second

// masterKnowsNoMinionKey holds for the whole window: the master's key
// directories stay empty of minion keys. A minion that reaches a master's
// ret port always leaves its key there (accepted, or pending without
// auto-accept: salt-semantics §3.3), so this shows that no minion ever
// reached that master.
func masterKnowsNoMinionKey(ctx context.Context, window int, master string) error {
	w := worldFrom(ctx)
	deadline := time.Now().Add(time.Duration(window) * time.Second)
	checks := 0
	for {
		out, err := w.Lab.Exec(ctx, master, inContainerTimeout(keyListTimeout, "salt-key", "-L", "--out=json"))
		if err != nil {
			return fmt.Errorf("list keys on %s: %w", master, err)
		}
		keys, err := saltout.ParseKeyList(out.Stdout)
		if err != nil {
			return fmt.Errorf("list keys on %s (exit %d, %s): %w", master, out.ExitCode, lastLine(out.Stderr), err)
		}
		checks++
		if keys.Any() {
			return fmt.Errorf("expected %s to know no minion key for %ds; observed after %d check(s): accepted %v, pending %v, rejected %v, denied %v",
				master, window, checks, keys.Accepted, keys.Pending, keys.Rejected, keys.Denied)
		}
		if time.Now().After(deadline) {
			w.logf("%s knew no minion key in %d check(s) over %ds", master, checks, window)
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(attemptPause):
		}
	}
}

// everyMinionSaltCallPingFails: salt-call test.ping fails on every minion
// (it cannot sign in to any master), within callFailTimeout.
func everyMinionSaltCallPingFails(ctx context.Context) error {
	w := worldFrom(ctx)
	ms := minions(w.Lab)
	if len(ms) == 0 {
		return fmt.Errorf("expected minions in the lab; observed none among services %v", w.Lab.Services())
	}
	observed := make([]string, len(ms))
	succeeded := make([]bool, len(ms))
	var wg sync.WaitGroup
	for i, m := range ms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			began := time.Now()
			r, out, err := saltCall(ctx, w.Lab, m, callTimeout, "test.ping")
			took := time.Since(began).Round(100 * time.Millisecond)
			if err == nil {
				succeeded[i] = true
				observed[i] = fmt.Sprintf("%s: salt-call test.ping succeeded after %s: %s", m, took, r.Local)
				return
			}
			observed[i] = fmt.Sprintf("%s: failed after %s (exit %d): %s", m, took, out.ExitCode, lastLine(out.Stdout, out.Stderr))
		}()
	}
	wg.Wait()
	var bad []string
	for i, o := range observed {
		w.logf("%s", o)
		if succeeded[i] {
			bad = append(bad, o)
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("expected salt-call test.ping to fail on every minion; observed:\n  %s", strings.Join(bad, "\n  "))
	}
	return nil
}

package steps

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/saltcfg"
)

// daemonIdentityScript prints what identifies a running minion daemon: the
// start time of the container's PID 1 (field 22 of /proc/1/stat, read after
// the command name, which may hold spaces) and the pids of its direct
// children (real Salt's keep-alive parent respawns its worker there). A
// minion that restarted itself changes this; a container that stopped
// cannot run it at all.
const daemonIdentityScript = `sed 's/^.*) //' /proc/1/stat | cut -d' ' -f20; pgrep -P 1 | sort -n | tr '\n' ' '`

// identityTimeout bounds one identity read.
const identityTimeout = 10 * time.Second

// noteMinionDaemons records every minion daemon's identity before a fault.
func noteMinionDaemons(ctx context.Context) error {
	w := worldFrom(ctx)
	ms := minions(w.Lab)
	if len(ms) == 0 {
		return fmt.Errorf("expected minions in the lab; observed none among services %v", w.Lab.Services())
	}
	ids := map[string]string{}
	for _, m := range ms {
		id, err := daemonIdentity(ctx, w.Lab, m)
		if err != nil {
			return err
		}
		ids[m] = id
	}
	w.mu.Lock()
	w.daemons = ids
	w.mu.Unlock()
	return nil
}

func daemonIdentity(ctx context.Context, l Lab, minion string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, identityTimeout)
	defer cancel()
	out, err := l.Exec(ctx, minion, []string{"bash", "-c", daemonIdentityScript})
	if err != nil {
		return "", fmt.Errorf("read the daemon process of %s: %w", minion, err)
	}
	if out.ExitCode != 0 {
		return "", fmt.Errorf("read the daemon process of %s: exit %d: %s", minion, out.ExitCode, lastLine(out.Stderr, out.Stdout))
	}
	return strings.Join(strings.Fields(out.Stdout), " "), nil
}

// masterReachesEveryMinionHot: in hot mode the minion's connection to a
// surviving master is independent of the dead one (salt-semantics §1.13).
func masterReachesEveryMinionHot(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	return pollMinions(ctx, pollSpec{name: "hot mode: " + master + " reaches minion",
		expectation: fmt.Sprintf("%s to reach every minion with test.ping within the hot-mode bound", master),
		boundOf:     func(cfg saltcfg.Minion) (saltcfg.Bound, error) { return cfg.HotBound() },
		try:         pingFrom(w, master)})
}

// minionDaemonsDidNotRestart holds until every minion's restart window
// (saltcfg.RestartWindow, measured from the last fault) has passed, checking
// each daemon's identity against the noted one; a change or a stopped
// container fails at once.
func minionDaemonsDidNotRestart(ctx context.Context) error {
	w := worldFrom(ctx)
	const expectation = "every minion daemon to keep running as the process noted before the fault"
	start, desc, err := faultWindow(w, expectation)
	if err != nil {
		return err
	}
	w.mu.Lock()
	noted := w.daemons
	w.mu.Unlock()
	if len(noted) == 0 {
		return fmt.Errorf("%s: no daemon was noted; add the step `I note the process of every minion daemon` before the fault", expectation)
	}
	var mu sync.Mutex
	var failed []string
	var wg sync.WaitGroup
	for m, before := range noted {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if msg := holdIdentity(ctx, w, m, before, start); msg != "" {
				mu.Lock()
				failed = append(failed, m+": "+msg)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(failed) > 0 {
		sort.Strings(failed)
		return fmt.Errorf("expected %s, measured from %s; observed:\n  %s", expectation, desc, strings.Join(failed, "\n  "))
	}
	return nil
}

// holdIdentity re-reads the minion's identity every attemptPause until its
// restart window ends; it returns what went wrong, or "".
func holdIdentity(ctx context.Context, w *world, minion, before string, start time.Time) string {
	cfg, err := minionConfig(ctx, w.Lab, minion)
	if err != nil {
		return err.Error()
	}
	if w.ProcessSlack > 0 {
		cfg.ProcessSlack = w.ProcessSlack
	}
	window, err := cfg.RestartWindow()
	if err != nil {
		return err.Error()
	}
	deadline := start.Add(window.Limit)
	ticker := time.NewTicker(attemptPause)
	defer ticker.Stop()
	for {
		now, err := daemonIdentity(ctx, w.Lab, minion)
		switch {
		case err != nil:
			after := time.Since(start).Round(time.Millisecond)
			if st, serr := w.Lab.Status(ctx, minion); serr == nil && !strings.HasPrefix(st, "healthy") && st != "running" {
				return fmt.Sprintf("the daemon is gone after %s: its container is %s (a foreground minion that restarts itself exits, salt-semantics §1.10)", after, st)
			}
			return fmt.Sprintf("after %s: %v", after, err)
		case now != before:
			return fmt.Sprintf("restarted after %s (process %q, before %q)", time.Since(start).Round(time.Millisecond), now, before)
		case time.Now().After(deadline):
			w.logf("%s: same daemon process for the whole restart window %s", minion, window)
			return ""
		}
		select {
		case <-ctx.Done():
			return ctx.Err().Error()
		case <-ticker.C:
		}
	}
}

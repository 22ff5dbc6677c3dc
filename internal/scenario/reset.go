package scenario

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// resetDue is the run's one reset owed to the next scenario: the name of
// the scenario whose faults left the minions off their boot layout.
type resetDue struct {
	mu    sync.Mutex
	after string
}

func (r *resetDue) owe(scenario string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.after = scenario
}

// take returns the scenario a reset is owed for ("" for none) and clears it.
func (r *resetDue) take() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	after := r.after
	r.after = ""
	return after
}

// resetAfter resets the minions after w's scenario (resetMinions), the
// one place that names the scenario a failed reset came after.
func resetAfter(ctx context.Context, w *World) error {
	if err := resetMinions(ctx, w); err != nil {
		return fmt.Errorf("reset the lab after scenario %q: %w", w.Name, err)
	}
	return nil
}

// minionResetTimeout is the stop grace period of a minion being reset:
// none. The reset is a hard reboot between scenarios, which only needs a
// freshly booted minion, not Salt's graceful shutdown: with 5 s, each
// real Salt 3008.4 minion took about 4 s to stop (measured in CI on
// 2026-11-26), some 60 s of the failover selection's resets. A scenario
// that stops a minion on purpose has its own grace period.
const minionResetTimeout = 0

// resetTries bounds the restarts of a reset: a failover daemon that booted
// onto a later master is restarted until it boots onto its first one.
const resetTries = 3

// resetMinions restarts every minion and waits for a healthy lab whose
// minions have signed in again (awaitSignIns), so that the next scenario
// starts from freshly booted minions. A scenario that injected a fault
// leaves daemons on whichever master they failed over to (failover mode
// never fails back by itself: salt-semantics §1.11), and the next
// scenario's expectations assume the boot-time layout: every failover
// daemon on its first master. A daemon that booted onto a later master
// (its one sign-in try timed out: its first master, just started again by
// the heal, did not answer yet, or the host was loaded) is restarted
// again, up to resetTries restarts in all; by then every master answers,
// since the lab was healthy before the sign-ins were read. The restart
// does not wait for the masters first: a minion's boot overlaps a
// master's start, and waiting first cost real 3008.4 about 35 s a run.
func resetMinions(ctx context.Context, w *World) error {
	awaitStreams(ctx, w)
	services := Minions(w.Lab)
	for try := 1; ; try++ {
		from := w.History.Next()
		if err := restartMinions(ctx, w.Lab, services); err != nil {
			return err
		}
		w.Logf("restarted %d minion(s) so the next scenario starts from a fresh boot", len(services))
		if err := WaitLabHealthy(ctx, w.Lab, w.LabHealthyBound()); err != nil {
			return err
		}
		strays, err := awaitSignIns(ctx, w, services, from, w.LabHealthyBound())
		if err != nil || len(strays) == 0 {
			return err
		}
		if try == resetTries {
			return fmt.Errorf("expected every failover minion to boot onto its first master, the layout the next scenario starts from, within %d restarts; observed: %s", resetTries, joinStrays(strays))
		}
		w.Logf("%s: restarting it so the next scenario starts from the boot-time layout", joinStrays(strays))
		services = strayServices(strays)
	}
}

// restartMinions stops (without grace: minionResetTimeout) and starts the
// given minion services, all at once.
func restartMinions(ctx context.Context, l Lab, services []string) error {
	errs := make([]error, len(services))
	var wg sync.WaitGroup
	for i, m := range services {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := l.Stop(ctx, m, minionResetTimeout); err != nil {
				errs[i] = err
				return
			}
			errs[i] = l.Start(ctx, m)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("restart minions: %w", err)
	}
	return nil
}

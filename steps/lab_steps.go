package steps

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/client/poll"
	"github.com/saltlab/saltlab/internal/evidence/checker"
)

// labHealthyTimeout bounds how long "the lab is healthy" waits for services
// that are still starting, e.g. a master the previous scenario stopped and
// its After hook started again.
const labHealthyTimeout = 90 * time.Second

// labIsHealthy waits until every service is healthy, running without a
// healthcheck, or a one-shot that exited 0. Services that are starting, or
// unhealthy (a master just unpaused fails a probe or two), are waited for;
// one that exited with an error fails at once.
func labIsHealthy(ctx context.Context) error {
	w := worldFrom(ctx)
	return waitLabHealthy(ctx, w.Lab, w.healthTimeout())
}

func waitLabHealthy(ctx context.Context, l Lab, timeout time.Duration) error {
	var failed, waiting []string
	var err error
	done, perr := poll.Run(ctx, poll.Within(timeout), func(ctx context.Context, _ time.Duration) bool {
		failed, waiting, err = labHealth(ctx, l)
		// An exited service fails at once: nothing brings it back.
		return err != nil || len(failed) > 0 || len(waiting) == 0
	})
	switch {
	case err != nil:
		return err
	case perr != nil:
		return perr
	case done && len(failed) == 0:
		return nil
	}
	return fmt.Errorf("expected every service healthy (or a one-shot exited 0) within %s; observed: %s", timeout, strings.Join(append(failed, waiting...), ", "))
}

// labHealth sorts the services that are not fine into failed (exited with
// an error: nothing brings them back) and waiting (anything else).
func labHealth(ctx context.Context, l Lab) (failed, waiting []string, err error) {
	for _, s := range l.Services() {
		st, err := l.Status(ctx, s)
		if err != nil {
			return nil, nil, fmt.Errorf("check health of %s: %w", s, err)
		}
		switch {
		case st == "healthy", st == "running", st == "exited 0":
		case strings.HasPrefix(st, "exited "):
			failed = append(failed, s+" is "+st)
		default:
			waiting = append(waiting, s+" is "+st)
		}
	}
	return failed, waiting, nil
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
func resetMinions(ctx context.Context, w *world) error {
	awaitStreams(ctx, w)
	services := minions(w.Lab)
	for try := 1; ; try++ {
		from := w.History.Next()
		if err := restartMinions(ctx, w.Lab, services); err != nil {
			return err
		}
		w.logf("restarted %d minion(s) so the next scenario starts from a fresh boot", len(services))
		if err := waitLabHealthy(ctx, w.Lab, w.healthTimeout()); err != nil {
			return err
		}
		strays, err := awaitSignIns(ctx, w, services, from, w.healthTimeout())
		if err != nil || len(strays) == 0 {
			return err
		}
		if try == resetTries {
			return fmt.Errorf("expected every failover minion to boot onto its first master, the layout the next scenario starts from, within %d restarts; observed: %s", resetTries, joinStrays(strays))
		}
		w.logf("%s: restarting it so the next scenario starts from the boot-time layout", joinStrays(strays))
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

// everyMinionAnswersSaltCallPing is the baseline before a fault: every
// minion's salt-call test.ping, recorded and judged available.
func everyMinionAnswersSaltCallPing(ctx context.Context) error {
	w := worldFrom(ctx)
	ms := minions(w.Lab)
	if len(ms) == 0 {
		return fmt.Errorf("expected minions in the lab; observed none among services %v", w.Lab.Services())
	}
	return w.judgeCallPing(ctx, ms, checker.NameAvailability, "")
}

// everyOtherMinionAnswersSaltCallPing: what happened to some minions (a
// rejected key) leaves every other minion's salt-call test.ping working.
func everyOtherMinionAnswersSaltCallPing(ctx context.Context, but string) error {
	w := worldFrom(ctx)
	skip, err := resolveMany(w.Lab, but)
	if err != nil {
		return err
	}
	var ms []string
	for _, m := range minions(w.Lab) {
		if !contains(skip, m) {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		return fmt.Errorf("every minion but %q: no other minion among %v", but, minions(w.Lab))
	}
	return w.judgeCallPing(ctx, ms, checker.NameAvailability, "")
}

// judgeCallPing runs salt-call test.ping on every target at once, records
// each, and asks the named outcome checker (availability or refusal).
func (w *world) judgeCallPing(ctx context.Context, targets []string, name, errContains string) error {
	from := w.History.Next()
	var wg sync.WaitGroup
	for _, m := range targets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.saltCall(ctx, m, callTimeout, "test.ping")
		}()
	}
	wg.Wait()
	return w.judge(name, checker.OutcomeParams{From: from, To: w.History.Next(), F: "salt-call test.ping", Targets: targets, ErrorContains: errContains}, "", false)
}

// stopService stops a container through the chaos engine's stop, which
// records it on the ledger before it acts; the After hook starts it again.
func stopService(ctx context.Context, service string) error {
	w := worldFrom(ctx)
	service, rerr := resolveOne(w.Lab, service)
	if rerr != nil {
		return rerr
	}
	if !contains(w.Lab.Services(), service) {
		return fmt.Errorf("stop %q: no such service; the lab has %v", service, w.Lab.Services())
	}
	return inject(ctx, chaos.Spec{Kind: chaos.KindStop, Targets: []string{service}}, service+" stopped")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

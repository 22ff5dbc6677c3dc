package steps

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/poll"
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
	return w.judge(name, checker.OutcomeParams{From: from, To: w.History.Next(), F: history.CallPingOp, Targets: targets, ErrorContains: errContains}, "", false)
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

package steps

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/fault"
)

// labHealthyTimeout bounds how long "the lab is healthy" waits for services
// that are still starting, e.g. a master the previous scenario stopped and
// its After hook started again.
const labHealthyTimeout = 90 * time.Second

// labIsHealthy waits until every service is healthy, running without a
// healthcheck, or a one-shot that exited 0. A service that is starting is
// waited for; one that is unhealthy or exited otherwise fails at once.
func labIsHealthy(ctx context.Context) error {
	w := worldFrom(ctx)
	deadline := time.Now().Add(labHealthyTimeout)
	for {
		bad, starting, err := labHealth(ctx, w.Lab)
		if err != nil {
			return err
		}
		if len(bad) == 0 && len(starting) == 0 {
			return nil
		}
		if len(bad) > 0 || time.Now().After(deadline) {
			return fmt.Errorf("expected every service healthy (or a one-shot exited 0) within %s; observed: %s", labHealthyTimeout, strings.Join(append(bad, starting...), ", "))
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(attemptPause):
		}
	}
}

// labHealth sorts the services that are not fine into failed and starting.
func labHealth(ctx context.Context, l Lab) (bad, starting []string, err error) {
	for _, s := range l.Services() {
		st, err := l.Status(ctx, s)
		if err != nil {
			return nil, nil, fmt.Errorf("check health of %s: %w", s, err)
		}
		switch st {
		case "healthy", "running", "exited 0":
		case "starting":
			starting = append(starting, s+" is starting")
		default:
			bad = append(bad, s+" is "+st)
		}
	}
	return bad, starting, nil
}

// everyMinionAnswersSaltCallPing is the baseline before a fault.
func everyMinionAnswersSaltCallPing(ctx context.Context) error {
	w := worldFrom(ctx)
	ms := minions(w.Lab)
	if len(ms) == 0 {
		return fmt.Errorf("expected minions in the lab; observed none among services %v", w.Lab.Services())
	}
	errs := make([]error, len(ms))
	var wg sync.WaitGroup
	for i, m := range ms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, _, err := saltCall(ctx, w.Lab, m, callTimeout, "test.ping")
			if err != nil {
				errs[i] = err
				return
			}
			if v, ok := r.Bool(); !ok || !v {
				errs[i] = fmt.Errorf("%s: expected true, observed %s", m, r.Local)
			}
		}()
	}
	wg.Wait()
	var msgs []string
	for _, err := range errs {
		if err != nil {
			msgs = append(msgs, err.Error())
		}
	}
	if len(msgs) > 0 {
		return fmt.Errorf("expected every minion to answer salt-call test.ping with true; observed:\n  %s", strings.Join(msgs, "\n  "))
	}
	w.logf("baseline: %d minions answer salt-call test.ping", len(ms))
	return nil
}

// stopService stops a container. The fault is on the ledger before it acts,
// and the After hook starts the container again.
func stopService(ctx context.Context, service string) error {
	w := worldFrom(ctx)
	if !contains(w.Lab.Services(), service) {
		return fmt.Errorf("stop %q: no such service; the lab has %v", service, w.Lab.Services())
	}
	if _, err := w.Ledger.Record(fault.KindStop, service, w.scenario); err != nil {
		return err
	}
	if err := w.Lab.Stop(ctx, service, stopTimeout); err != nil {
		return fmt.Errorf("stop %s: %w", service, err)
	}
	markFault(w, service+" stopped")
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

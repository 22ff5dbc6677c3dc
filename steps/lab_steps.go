package steps

import (
	"context"
	"fmt"
	"sync"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/scenario"
)

// labIsHealthy waits until every service is healthy, running without a
// healthcheck, or a one-shot that exited 0 (scenario.WaitLabHealthy).
func labIsHealthy(ctx context.Context) error {
	w := worldFrom(ctx)
	return scenario.WaitLabHealthy(ctx, w.Lab, w.LabHealthyBound())
}

// everyMinionAnswersSaltCallPing is the baseline before a fault: every
// minion's salt-call test.ping, recorded and judged available.
func everyMinionAnswersSaltCallPing(ctx context.Context) error {
	w := worldFrom(ctx)
	ms := scenario.Minions(w.Lab)
	if len(ms) == 0 {
		return fmt.Errorf("expected minions in the lab; observed none among services %v", w.Lab.Services())
	}
	return w.judgeCallPing(ctx, ms, checker.NameAvailability, "")
}

// everyOtherMinionAnswersSaltCallPing: what happened to some minions (a
// rejected key) leaves every other minion's salt-call test.ping working.
func everyOtherMinionAnswersSaltCallPing(ctx context.Context, but string) error {
	w := worldFrom(ctx)
	skip, err := w.Lab.Roles().ServicesNamed(but)
	if err != nil {
		return err
	}
	var ms []string
	for _, m := range scenario.Minions(w.Lab) {
		if !contains(skip, m) {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		return fmt.Errorf("every minion but %q: no other minion among %v", but, scenario.Minions(w.Lab))
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
			w.SaltCall(ctx, m, scenario.CallTimeout, "test.ping")
		}()
	}
	wg.Wait()
	return w.Judge(name, checker.OutcomeParams{From: from, To: w.History.Next(), F: history.CallPingOp, Targets: targets, ErrorContains: errContains}, "", false)
}

// stopService stops a container through the chaos engine's stop, which
// records it on the ledger before it acts; the After hook starts it again.
func stopService(ctx context.Context, service string) error {
	w := worldFrom(ctx)
	service, rerr := w.Lab.Roles().ServiceNamed(service)
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

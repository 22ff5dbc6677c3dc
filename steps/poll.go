package steps

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/report"
	"github.com/saltlab/saltlab/internal/saltcfg"
)

// attemptPause spaces out failed attempts of a poll.
const attemptPause = 500 * time.Millisecond

// attempt tries once, within budget, and says whether the expectation held
// and what it observed.
type attempt func(ctx context.Context, minion string, budget time.Duration) (ok bool, observed string)

type pollOutcome struct {
	minion   string
	bound    saltcfg.Bound
	ok       bool
	after    time.Duration
	attempts int
	last     string
}

// pollSpec describes one poll over every minion.
type pollSpec struct {
	name        string // measurement name
	expectation string // "X to reach every minion ...", for failure messages
	// absence inverts the poll: the expectation is that try never succeeds
	// within the bound (e.g. daemons that must NOT fail over).
	absence bool
	boundOf func(saltcfg.Minion) (saltcfg.Bound, error)
	try     attempt
}

// pollMinions runs p.try on every minion concurrently until it holds or the
// minion's bound (from its own config, measured from the last fault) runs
// out, and records each outcome as a measurement.
func pollMinions(ctx context.Context, p pollSpec) error {
	w := worldFrom(ctx)
	start, desc, err := faultWindow(w, p.expectation)
	if err != nil {
		return err
	}
	outs, errs, err := pollAll(ctx, w, start, p.boundOf, p.try)
	if err != nil {
		return fmt.Errorf("%s: %w", p.expectation, err)
	}
	var failed []string
	for i, o := range outs {
		if errs[i] != nil {
			failed = append(failed, errs[i].Error())
			continue
		}
		met := o.ok != p.absence
		detail := fmt.Sprintf("measured from %s; %d attempt(s)", desc, o.attempts)
		if p.absence {
			detail += "; expectation: no answer for the whole bound"
		}
		m := report.Measurement{Scenario: w.scenario, Name: p.name, Subject: o.minion,
			Observed: o.after, Bound: o.bound.Limit, BoundExplain: o.bound.Explain, Met: met, Absence: p.absence, Detail: detail}
		w.Measurements.Add(m)
		switch {
		case met:
			w.logf("%s: %s: %s (bound %s)", o.minion, p.name, m.ObservedText(), o.bound.Limit)
		case p.absence:
			failed = append(failed, fmt.Sprintf("%s: answered after %s (bound %s)", o.minion, o.after.Round(time.Millisecond), o.bound.Limit))
		default:
			failed = append(failed, fmt.Sprintf("%s: not within %s (bound: %s); %d attempt(s); last observed: %s",
				o.minion, o.bound.Limit, o.bound.Explain, o.attempts, o.last))
		}
	}
	if len(failed) > 0 {
		sort.Strings(failed)
		return fmt.Errorf("expected %s, measured from %s; observed:\n  %s", p.expectation, desc, strings.Join(failed, "\n  "))
	}
	return nil
}

// faultWindow returns when and how the scenario's last fault took effect.
func faultWindow(w *world, expectation string) (time.Time, string, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.faultAt.IsZero() {
		return time.Time{}, "", fmt.Errorf("%s: no fault was injected in this scenario, and bounds are measured from the last fault", expectation)
	}
	return w.faultAt, w.faultDesc, nil
}

// pollAll runs pollOne for every minion concurrently.
func pollAll(ctx context.Context, w *world, start time.Time, boundOf func(saltcfg.Minion) (saltcfg.Bound, error), try attempt) ([]pollOutcome, []error, error) {
	ms := minions(w.Lab)
	if len(ms) == 0 {
		return nil, nil, fmt.Errorf("the lab has no minions")
	}
	outs := make([]pollOutcome, len(ms))
	errs := make([]error, len(ms))
	var wg sync.WaitGroup
	for i, m := range ms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], errs[i] = pollOne(ctx, w, m, start, boundOf, try)
			if errs[i] != nil {
				errs[i] = fmt.Errorf("%s: %w", m, errs[i])
			}
		}()
	}
	wg.Wait()
	return outs, errs, nil
}

func pollOne(ctx context.Context, w *world, minion string, start time.Time, boundOf func(saltcfg.Minion) (saltcfg.Bound, error), try attempt) (pollOutcome, error) {
	cfg, err := minionConfig(ctx, w.Lab, minion)
	if err != nil {
		return pollOutcome{}, err
	}
	if w.ProcessSlack > 0 {
		cfg.ProcessSlack = w.ProcessSlack
	}
	bound, err := boundOf(cfg)
	if err != nil {
		return pollOutcome{}, err
	}
	o := pollOutcome{minion: minion, bound: bound, last: "no attempt finished"}
	deadline := start.Add(bound.Limit)
	for {
		budget := deadline.Sub(time.Now())
		if budget <= 0 {
			return o, nil
		}
		o.attempts++
		ok, observed := try(ctx, minion, budget)
		if ok && !time.Now().After(deadline) {
			o.ok, o.after = true, time.Now().Sub(start)
			return o, nil
		}
		o.last = observed
		if ok {
			o.last += " (but only after the bound)"
		}
		select {
		case <-ctx.Done():
			return o, fmt.Errorf("poll %s: %w", minion, ctx.Err())
		case <-time.After(attemptPause):
		}
	}
}

// Package selftest is a drill's self-test, what `saltlab drill test` and
// make test run for every drill: on fresh labs, right after the incident
// every task is not met, the wrong fix leaves some task not met, and the
// solution meets every task within the time limit.
package selftest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/poll"

	"github.com/saltlab/saltlab/internal/drill"
	"github.com/saltlab/saltlab/internal/drill/debrief"
	"github.com/saltlab/saltlab/internal/drill/state"
)

// wrongFixWindow is how long the self-test watches a wrong fix: a fix that
// worked would show within Salt's own failover and probe times.
const wrongFixWindow = 20 * time.Second

// Result is what a drill's self-test found.
type Result struct {
	Drill    string
	Flavor   string
	Incident state.Verdicts // right after the incident
	Wrong    state.Verdicts // after the wrong fix and its window
	Solved   time.Duration  // the solution's time to every task met
	Debrief  debrief.Debrief
	// Reference is where the solution's run was kept as the drill's
	// reference run.
	Reference string
}

// Run plays a drill's three self-tests on fresh labs: right after the
// incident every task is not met (a fault that did nothing is caught); the
// wrong fix leaves some task not met; the solution meets every task
// within the time limit. Each lab is removed after its part.
func Run(ctx context.Context, o drill.StartOptions, out io.Writer) (Result, error) {
	r := Result{Drill: o.Name}
	o.Mode = state.WrongFix
	s, err := drill.Start(ctx, o)
	if err != nil {
		return r, err
	}
	r.Flavor = s.Progress.Flavor
	r.Incident = s.Tick(ctx, io.Discard)
	if met := r.Incident.IDs(func(v state.Verdict) bool { return v != state.NotMet }); len(met) > 0 {
		err = fmt.Errorf("self-test %s: right after the incident, task(s) %s are not `not met` (%s): the incident did not break what they check", o.Name, strings.Join(met, ", "), r.Incident.Why(met))
	}
	if err == nil {
		err = s.Play(ctx, state.WrongFix)
	}
	if err == nil {
		poll.Run(ctx, poll.Within(wrongFixWindow), func(ctx context.Context, _ time.Duration) bool {
			r.Wrong = s.Tick(ctx, io.Discard)
			return r.Wrong.AllMet()
		})
		if r.Wrong.AllMet() {
			err = fmt.Errorf("self-test %s: the wrong fix met every task: it is not wrong, or the tasks check too little", o.Name)
		}
	}
	_, serr := s.Stop(ctx, io.Discard)
	s.Close()
	if err = errors.Join(err, serr); err != nil {
		return r, err
	}
	fmt.Fprintf(out, "self-test %s on %s: incident breaks every task; the wrong fix leaves %s not met\n", o.Name, r.Flavor, strings.Join(r.Wrong.IDs(func(v state.Verdict) bool { return v != state.Met }), ", "))

	o.Mode = state.Solution
	if s, err = drill.Start(ctx, o); err != nil {
		return r, err
	}
	defer s.Close()
	err = s.Play(ctx, state.Solution)
	var v state.Verdicts
	if err == nil {
		// Every task met once every incident action has acted: a second
		// fault that waits for a task must strike, and be mended, first.
		poll.Run(ctx, poll.Until(s.Progress.Deadline()), func(ctx context.Context, _ time.Duration) bool {
			v = s.Tick(ctx, io.Discard)
			return v.AllMet() && !s.Progress.Pending()
		})
		r.Solved = time.Since(s.Progress.Started)
		if !v.AllMet() || s.Progress.Pending() {
			left := v.IDs(func(v state.Verdict) bool { return v != state.Met })
			if len(left) == 0 {
				left = []string{"(every task, but an incident action never acted: its task or moment never came)"}
			}
			err = fmt.Errorf("self-test %s: the solution did not meet %s within the time limit %v (%s)", o.Name, strings.Join(left, ", "), s.Progress.TimeLimit, v.Why(left))
		}
	}
	db, serr := s.Stop(ctx, io.Discard)
	r.Debrief = db
	if err = errors.Join(err, serr); err != nil {
		return r, err
	}
	if db.Outcome != "solved" {
		return r, fmt.Errorf("self-test %s: the solution's debrief says %s", o.Name, db.Outcome)
	}
	// The solved run is the drill's reference: learners' reports draw
	// their lane beside it.
	if r.Reference, err = debrief.KeepReference(o.Reports, s.Drill, s.RunDir); err != nil {
		return r, err
	}
	fmt.Fprintf(out, "self-test %s on %s: the solution met every task in %v (debrief: %s; kept as the drill's reference run: %s)\n", o.Name, r.Flavor, r.Solved.Round(time.Second), s.RunDir, r.Reference)
	return r, nil
}

// Package selftest is a drill's self-test, what `saltlab drill test` and
// make test run for every drill: right after the incident every task is
// not met, the solution meets every task within the time limit, and the
// wrong fix leaves some task not met.
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
	Incident state.Verdicts // right after the incident (the solution's round)
	Wrong    state.Verdicts // after the wrong fix and its window
	Solved   time.Duration  // the solution's time to every task met
	Debrief  debrief.Debrief
	// Reference is where the solution's run was kept as the drill's
	// reference run.
	Reference string
	// Rearmed says whether the wrong fix's round ran on the solution's
	// lab, the incident started again (drill.Session.Rearm); when not,
	// NewLab says why it had a lab of its own.
	Rearmed bool
	NewLab  string
}

// Run plays a drill's self-test in two rounds. The solution's, on a fresh
// lab: right after the incident every task is not met (a fault that did
// nothing is caught), and the solution meets every task within the time
// limit; that run is kept as the drill's reference. The wrong fix's: the
// incident again, every task not met again, and the wrong fix leaves
// some task not met for wrongFixWindow. The second round runs on the
// same lab, the incident started again, when the drill allows it
// (Rearmable): a lab's bring-up and removal are most of a round's time.
// The lab is removed at the end, or on any failure.
func Run(ctx context.Context, o drill.StartOptions, out io.Writer) (Result, error) {
	r := Result{Drill: o.Name}
	o.Mode = state.Solution
	s, err := drill.Start(ctx, o)
	if err != nil {
		return r, err
	}
	defer func() {
		if s != nil {
			s.Close()
		}
	}()
	r.Flavor = s.Progress.Flavor
	if r.Incident, err = broken(ctx, s, o.Name); err == nil {
		err = s.Play(ctx, state.Solution)
	}
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
	rearmable, why := s.Rearmable()
	r.NewLab = why
	keep := err == nil && rearmable // the lab, for the wrong fix's round
	if keep {
		r.Debrief, err = s.Conclude(ctx, io.Discard)
	} else {
		r.Debrief, err = stop(ctx, s, err)
	}
	if err == nil && r.Debrief.Outcome != "solved" {
		err = fmt.Errorf("self-test %s: the solution's debrief says %s", o.Name, r.Debrief.Outcome)
	}
	if err == nil {
		// The solved run is the drill's reference: learners' reports draw
		// their lane beside it.
		r.Reference, err = debrief.KeepReference(o.Reports, s.Drill, s.RunDir)
	}
	if err != nil {
		if keep {
			_, err = stop(ctx, s, err)
		}
		return r, err
	}
	fmt.Fprintf(out, "self-test %s on %s: the incident breaks every task; the solution met every task in %v (debrief: %s; kept as the drill's reference run: %s)\n", o.Name, r.Flavor, r.Solved.Round(time.Second), s.RunDir, r.Reference)

	o.Mode = state.WrongFix
	if keep {
		r.Rearmed = true
		err = s.Rearm(ctx, state.WrongFix)
	} else {
		s.Close()
		fmt.Fprintf(out, "self-test %s: the wrong fix gets a lab of its own: %s\n", o.Name, r.NewLab)
		s, err = drill.Start(ctx, o)
		if err != nil {
			return r, err
		}
	}
	if err == nil {
		_, err = broken(ctx, s, o.Name)
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
	if _, err = stop(ctx, s, err); err != nil {
		return r, err
	}
	fmt.Fprintf(out, "self-test %s on %s: the wrong fix leaves %s not met (on the solution's lab, the incident again: %v)\n", o.Name, r.Flavor, strings.Join(r.Wrong.IDs(func(v state.Verdict) bool { return v != state.Met }), ", "), r.Rearmed)
	return r, nil
}

// broken probes every task right after the incident: each must be not
// met, or the incident did not break what it checks.
func broken(ctx context.Context, s *drill.Session, name string) (state.Verdicts, error) {
	v := s.Tick(ctx, io.Discard)
	if met := v.IDs(func(v state.Verdict) bool { return v != state.NotMet }); len(met) > 0 {
		return v, fmt.Errorf("self-test %s: right after the incident (%s's round), task(s) %s are not `not met` (%s): the incident did not break what they check", name, s.Progress.Mode, strings.Join(met, ", "), v.Why(met))
	}
	return v, nil
}

// stop ends the round's drill (heal, debrief, the lab removed), joining
// its error to err.
func stop(ctx context.Context, s *drill.Session, err error) (debrief.Debrief, error) {
	db, serr := s.Stop(ctx, io.Discard)
	return db, errors.Join(err, serr)
}

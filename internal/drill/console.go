package drill

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/saltlab/saltlab/internal/drill/state"
)

// tick is how often the console probes the tasks: each probe is a Salt
// CLI call in the lab, so a few seconds keep a learner informed without
// loading the cores the incident runs on.
const tick = 4 * time.Second

// warnAt is how much of the time limit is used when the console warns.
const warnAt = 0.8

// Console watches the drill until its tasks are all met and the learner
// stops it, the time limit ends it, or ctx is cancelled (Ctrl-C: the
// progress is saved and `saltlab drill resume` goes on). At the limit it
// stops the drill: heal, debrief. It returns whether the drill ended.
func (s *Session) Console(ctx context.Context, out io.Writer) (ended bool, err error) {
	s.watchEvents(ctx)
	if release, err := state.WatchConsole(s.RunDir); err == nil {
		defer release()
	}
	lastMinute := time.Duration(-1)
	announced := false
	round := s.Progress.Round
	for {
		v := s.Tick(ctx, out)
		switch {
		case !s.Progress.Ended.IsZero() && s.Progress.Mode == "reset":
			fmt.Fprintln(out, "drill: the drill was reset on a fresh lab (`saltlab drill reset`): the terminal that reset it watches the new one")
			return true, nil
		case !s.Progress.Ended.IsZero():
			fmt.Fprintln(out, "drill: the drill was stopped (`saltlab drill stop`): its debrief is in the run folder")
			return true, nil
		case s.Progress.Round != round:
			// A reset beside this console: the same lab, the incident again.
			round, lastMinute, announced = s.Progress.Round, -1, false
			fmt.Fprintf(out, "drill: the drill was reset (`saltlab drill reset`): the incident again on the same lab, the timer starts again (%v)\n", s.Progress.TimeLimit)
			continue
		}
		if ctx.Err() != nil {
			break
		}
		left := time.Until(s.Progress.Deadline())
		if left <= 0 {
			fmt.Fprintln(out, "drill: time is up: healing the incident and writing the debrief")
			_, err := s.Stop(ctx, out)
			return true, err
		}
		if !s.Progress.Warned && time.Since(s.Progress.Started) >= time.Duration(float64(s.Progress.TimeLimit)*warnAt) {
			s.Progress.Warned = true
			fmt.Fprintf(out, "drill: warning: %v left; at the limit the incident heals and the debrief is shown\n", left.Round(time.Second))
		}
		if m := left.Truncate(time.Minute); m != lastMinute {
			lastMinute = m
			fmt.Fprintf(out, "drill: %v left\n", left.Round(time.Second))
		}
		if all := v.AllMet(); all && !announced {
			announced = true
			fmt.Fprintln(out, "drill: every task is met: `saltlab drill stop` ends the drill with its debrief")
		} else if !all {
			announced = false
		}
		t := time.NewTimer(tick)
		select {
		case <-ctx.Done():
			t.Stop()
		case <-t.C:
		}
	}
	fmt.Fprintf(out, "drill: console closed; the drill goes on (progress saved): `saltlab drill resume` watches it again, `saltlab drill stop` ends it\n")
	return false, s.save()
}

// Watched says whether a console (`drill start`, `resume`) watches the
// drill now, in this process or another.
func (s *Session) Watched() bool { return state.ConsoleWatching(s.RunDir) }

package bringup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/access"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/progress"
)

// MarkRan records that the scenarios started: the run folder then stays
// whatever happens next.
func (s *Session) MarkRan() { s.ran = true }

// Release ends the lab's scope: kept and detached with keep, else
// removed with the run's private dir, on the context teardown gives
// (the run's teardown budget, started by its first user). A run whose
// scenarios never started (the flavour could not be narrowed, the
// history did not open) also takes its run folder back: it leaves no
// reports/<run id>/ and claims no lab.
func (s *Session) Release(ctx context.Context, keep bool, teardown func() context.Context) error {
	if keep {
		err := s.detach(ctx)
		fmt.Fprintf(s.Log, "keeping the lab (project %s); remove it with: saltlab down --run %s\n", s.Project, s.State.RunID)
		return err
	}
	err := errors.Join(removeLab(teardown(), s.Target, s.Lab, s.Log, s.Started), runstate.RemovePrivate(s.private))
	if !s.ran {
		err = errors.Join(err, s.claim.Withdraw())
	}
	return err
}

// HandOver leaves the lab running for the user (`saltlab up`). A lab
// nobody can tell from a dead runner's leftover would be swept by the
// next run, so one that cannot be marked as handed over is removed now
// instead, with its private dir and its claim on the run folder.
func (s *Session) HandOver(ctx context.Context) error {
	err := s.detach(ctx)
	if err == nil {
		return nil
	}
	if derr := s.Target.Down(ctx, s.Lab); derr != nil {
		return fmt.Errorf("%w (and remove lab: %w)", err, derr)
	}
	return errors.Join(err, runstate.RemovePrivate(s.private), s.claim.Withdraw())
}

// detach hands a healthy lab over to the user: a marker volume tells later
// runs that the lab is not a dead runner's leftover, and run.json says so.
func (s *Session) detach(ctx context.Context) error {
	if err := lab.MarkDetached(ctx, s.Docker, s.State.RunID, s.State.Project); err != nil {
		return err
	}
	s.State.Detached = true
	return s.claim.Save(s.State)
}

// removeLab removes the lab; chaos helpers carry its labels and go with it.
func removeLab(ctx context.Context, t *access.Target, l *lab.Lab, log io.Writer, started time.Time) error {
	progress.New(log, started).Phase("teardown", "removing lab %s", l.Project())
	plumbing := console.PlumbingOf(log)
	done := progress.New(plumbing, started).Wait("every container, network and volume of "+l.Project()+" to be removed", deadlineOf(ctx))
	err := t.Down(ctx, l)
	done(err)
	progress.New(plumbing, started).Line("lab %s removed", l.Project())
	if err != nil {
		return fmt.Errorf("tear lab down: %w", err)
	}
	return nil
}

// deadlineOf is ctx's deadline, or a minute from now when it has none.
func deadlineOf(ctx context.Context) time.Time {
	if d, ok := ctx.Deadline(); ok {
		return d
	}
	return time.Now().Add(time.Minute)
}

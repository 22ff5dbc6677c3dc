package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/progress"
	"github.com/saltlab/saltlab/internal/run/scenario"
)

// A run's cleanup order is its structure, as in Jepsen's run! (with-os,
// with-db, ... around the case): each scope below sets one thing up,
// calls the function it holds, and undoes what it set up when that
// returns, whatever it returned, also on a panic. Nested as
// withLab(withEvidence(withChaos(scenarios))), the faults are healed
// while the history still records the lab, its recording stops before
// the lab goes, and the lab goes last. The run's history, which all its
// labs share, is closed once every lab is gone (runShared.finish).
// Nothing depends on the order in which defers happen to be written in
// one long function.

// withLab brings the lab up and calls fn with it; then it removes the lab
// and the run's private dir or, with cfg.Keep, hands the lab over to the
// user. A lab that fails to come up is removed by bringUp itself.
func withLab(ctx context.Context, cfg *Config, started time.Time, spec labSpec, fn func(*session, *teardownBudget) error) (err error) {
	s, err := bringUp(ctx, cfg, started, spec)
	if err != nil {
		return err
	}
	defer s.Close()
	td := &teardownBudget{parent: ctx}
	defer td.stop()
	defer func() { err = errors.Join(err, s.release(ctx, cfg, td)) }()
	return fn(s, td)
}

// release ends the lab's scope: kept and detached with cfg.Keep, else
// removed with the run's private dir, within the teardown budget. A run
// whose scenarios never started (the flavour could not be narrowed, the
// history did not open) also takes its run folder back: it leaves no
// reports/<run id>/ and claims no lab.
func (s *session) release(ctx context.Context, cfg *Config, td *teardownBudget) error {
	if cfg.Keep {
		err := s.detach(ctx)
		fmt.Fprintf(s.log, "keeping the lab (project %s); remove it with: saltlab down --run %s\n", s.run.Project, cfg.RunID)
		return err
	}
	err := errors.Join(removeLab(td.context(), s.lab, s.log, s.started), runstate.RemovePrivate(s.private))
	if !s.ran {
		err = errors.Join(err, s.claim.Withdraw())
	}
	return err
}

// withEvidence records the lab into the run's history (its own view) and
// starts its event streams, and calls fn; then it stops recording the
// lab. Inside withLab and around withChaos: the heals are recorded.
func withEvidence(ctx context.Context, s *session, sh *runShared, adapter labAdapter, fn func(*evidence) error) error {
	rec, err := sh.recorder(s.runDir, s.labName)
	if err != nil {
		return err
	}
	ev := startEvidence(ctx, rec, sh.verdicts, s.lab, s.cli, s.ledger, scenario.Buses(adapter), s.log)
	defer ev.close(s.ledger)
	return fn(ev)
}

// withChaos binds the chaos engine to the run's lab and ledger and calls
// fn; then, unless keep, it heals every fault the ledger still holds,
// whoever injected it (a step, the engine, a step cut short).
func withChaos(s *session, adapter labAdapter, keep bool, td *teardownBudget, fn func(*chaos.Engine) error) (err error) {
	// The engine's own lines ("chaos: ...") are how it acted; the fault
	// ledger tells each fault's undo (faultBanners), and the steps each fault.
	eng := NewEngine(s.cli, s.state, s.ledger, s.builder, console.PlumbingOf(s.log))
	if !keep {
		defer func() {
			err = errors.Join(err, heal(td.context(), s.ledger, scenario.Undoer(adapter, eng), s.log, s.started))
		}()
	}
	return fn(eng)
}

// teardownBudget is the one TeardownTimeout that healing the faults and
// removing the lab share, started by the first of them, on a context the
// run's cancellation (Ctrl-C, --timeout) cannot reach.
type teardownBudget struct {
	parent context.Context
	ctx    context.Context
	cancel context.CancelFunc
}

func (b *teardownBudget) context() context.Context {
	if b.ctx == nil {
		b.ctx, b.cancel = context.WithTimeout(context.WithoutCancel(b.parent), TeardownTimeout)
	}
	return b.ctx
}

func (b *teardownBudget) stop() {
	if b.cancel != nil {
		b.cancel()
	}
}

// heal undoes the faults the ledger still holds.
func heal(ctx context.Context, ledger *fault.Ledger, u fault.Undoer, log io.Writer, started time.Time) error {
	n := len(ledger.Pending())
	if n == 0 {
		return nil
	}
	progress.New(log, started).Phase("heal", "undoing %d fault(s)", n)
	done := progress.New(console.PlumbingOf(log), started).Wait("the faults to be undone", time.Now().Add(fault.UndoTimeout))
	err := ledger.UndoAll(ctx, u)
	done(err)
	return err
}

// removeLab removes the lab; chaos helpers carry its labels and go with it.
func removeLab(ctx context.Context, l *lab.Lab, log io.Writer, started time.Time) error {
	progress.New(log, started).Phase("teardown", "removing lab %s", l.Project())
	plumbing := console.PlumbingOf(log)
	done := progress.New(plumbing, started).Wait("every container, network and volume of "+l.Project()+" to be removed", deadlineOf(ctx))
	err := l.Down(ctx)
	done(err)
	phase(plumbing, started, "lab %s removed", l.Project())
	if err != nil {
		return fmt.Errorf("tear lab down: %w", err)
	}
	return nil
}

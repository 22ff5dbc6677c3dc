package labs

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/run/access"
	"github.com/saltlab/saltlab/internal/run/bringup"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/progress"
	"github.com/saltlab/saltlab/internal/run/record"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/run/suite"
)

// A run's cleanup order is its structure, as in Jepsen's run! (with-os,
// with-db, ... around the case): each scope below sets one thing up,
// calls the function it holds, and undoes what it set up when that
// returns, whatever it returned, also on a panic. Nested as
// withLab(withEvidence(withChaos(scenarios))), the faults are healed
// while the history still records the lab, its recording stops before
// the lab goes, and the lab goes last. The run's history, which all its
// labs share, is closed once every lab is gone (record.Run.Finish).
// Nothing depends on the order in which defers happen to be written in
// one long function.

// withLab brings the lab up and calls fn with it; then it removes the lab
// and the run's private dir or, with cfg.Keep, hands the lab over to the
// user. A lab that fails to come up is removed by bringup.Start itself.
func withLab(ctx context.Context, cfg *settings.Config, started time.Time, spec bringup.Spec, fn func(*bringup.Session, *teardownBudget) error) (err error) {
	s, err := bringup.Start(ctx, cfg, started, spec)
	if err != nil {
		return err
	}
	defer s.Close()
	td := &teardownBudget{parent: ctx}
	defer td.stop()
	defer func() { err = errors.Join(err, s.Release(ctx, cfg.Keep, td.context)) }()
	return fn(s, td)
}

// withEvidence records the lab into the run's history (its own view) and
// starts its event streams, and calls fn with the lab and its record (its
// fault ledger included); then it stops recording the lab. Inside withLab and around
// withChaos: the heals are recorded.
func withEvidence(ctx context.Context, s *bringup.Session, run *record.Run, fn func(suite.On) error) error {
	ev, err := run.Start(ctx, s)
	if err != nil {
		return err
	}
	defer ev.Close()
	return fn(suite.On{Session: s, Evidence: ev})
}

// withChaos binds the chaos engine to the lab and its ledger and calls fn
// with it; then, unless keep, it heals every fault the ledger still holds,
// whoever injected it (a step, the engine, a step cut short).
func withChaos(on suite.On, keep bool, td *teardownBudget, fn func(suite.On) error) (err error) {
	s := on.Session
	// The engine's own lines ("chaos: ...") are how it acted; the fault
	// ledger tells each fault's undo (faultBanners), and the steps each fault.
	on.Chaos = access.NewEngine(s.Docker, s.State, on.Evidence.Ledger, s.Builder, console.PlumbingOf(s.Log))
	s.Target.BindNodes(on.Chaos, s.Cli)
	if !keep {
		defer func() {
			err = errors.Join(err, heal(td.context(), on.Evidence.Ledger, on.Chaos, s.Log, s.Started))
		}()
	}
	return fn(on)
}

// TeardownTimeout bounds healing faults plus removing the lab. It runs on a
// context detached from the run's cancellation.
const TeardownTimeout = 2 * time.Minute

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

package ops

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/runner"
)

// Heal undoes a run's faults twice over (every run under w.Reports with
// all): it replays the ledger (newest first, with the data each fault
// recorded before it acted), then sweeps by label for what a ledger cannot
// hold (a runner SIGKILLed between writing a line and the next): helpers
// with their chains, qdiscs and proxies, paused containers, stopped
// processes, exited daemons. A helper that must be recreated is built from
// the checkout at root. One line per run goes to out.
func Heal(ctx context.Context, w Which, all bool, root string, out io.Writer) error {
	if err := w.Check(); err != nil {
		return err
	}
	cli, err := dockerx.New(ctx)
	if err != nil {
		return err
	}
	defer cli.Close()
	states, err := healTargets(ctx, cli, w, all)
	if err != nil {
		return err
	}
	// Healing must finish even if the user presses Ctrl-C.
	ctx = context.WithoutCancel(ctx)
	var errs []error
	for _, st := range states {
		e, err := runner.OpenEngine(cli, w.Reports, root, st, out)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		n := len(e.Ledger().Pending())
		// Replay first (newest first, with recorded data), then the sweep
		// cleans and removes the helpers whatever the replay left.
		herr := e.Ledger().UndoAll(ctx, e)
		sw, serr := e.Sweep(ctx)
		fmt.Fprintf(out, "run %s: healed %d of %d recorded fault(s); swept %s\n", st.RunID, n-len(e.Ledger().Pending()), n, sw)
		if herr != nil || serr != nil {
			errs = append(errs, fmt.Errorf("heal run %s: %w", st.RunID, errors.Join(herr, serr)))
		}
	}
	return errors.Join(errs...)
}

// healTargets picks the runs to heal: every run under reports, or the one
// runstate.Pick chooses. A live run whose directory lost run.json is still
// healed by its label.
func healTargets(ctx context.Context, cli *client.Client, w Which, all bool) ([]runstate.State, error) {
	if !all {
		st, err := w.pick(ctx, cli)
		return []runstate.State{st}, err
	}
	states, err := runstate.List(w.Reports)
	if err != nil {
		return nil, err
	}
	if len(states) == 0 {
		return nil, fmt.Errorf("heal: %w under %s", runstate.ErrNoRuns, w.Reports)
	}
	return states, nil
}

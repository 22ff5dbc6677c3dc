package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/runner"
	"github.com/saltlab/saltlab/internal/usage"
)

// cmdHeal undoes a run's faults twice over: it replays the ledger (newest
// first, with the data each fault recorded before it acted), then sweeps by
// label for what a ledger cannot hold (a runner SIGKILLed between writing a
// line and the next): helpers with their chains, qdiscs and proxies, paused
// containers, stopped processes, exited daemons.
func cmdHeal(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("heal", "heal [--run ID | --all]", errOut)
	var rf runFlag
	rf.register(fs)
	all := fs.Bool("all", false, "heal every run under --reports")
	root := fs.String("root", ".", "saltlab checkout (to build the chaos helper image if a helper must be recreated)")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if rf.id != "" && *all {
		return usage.Errorf("heal: give at most one of --run ID or --all")
	}
	if err := rf.check(); err != nil {
		return err
	}
	cli, err := dockerx.New(ctx)
	if err != nil {
		return err
	}
	defer cli.Close()
	states, err := healTargets(ctx, cli, rf, *all)
	if err != nil {
		return err
	}
	// Healing must finish even if the user presses Ctrl-C.
	ctx = context.WithoutCancel(ctx)
	var errs []error
	for _, st := range states {
		e, err := runner.OpenEngine(cli, rf.reports, *root, st, out)
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
func healTargets(ctx context.Context, cli *client.Client, rf runFlag, all bool) ([]runstate.State, error) {
	if !all {
		st, err := rf.pick(ctx, cli)
		return []runstate.State{st}, err
	}
	states, err := runstate.List(rf.reports)
	if err != nil {
		return nil, err
	}
	if len(states) == 0 {
		return nil, fmt.Errorf("heal: %w under %s", runstate.ErrNoRuns, rf.reports)
	}
	return states, nil
}

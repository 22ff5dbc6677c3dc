package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/saltlab/saltlab/internal/dockerx"
	"github.com/saltlab/saltlab/internal/labels"
	"github.com/saltlab/saltlab/internal/runstate"
)

// cmdHeal undoes a run's faults twice over: it replays the ledger (newest
// first, with the data each fault recorded before it acted), then sweeps by
// label for what a ledger cannot hold (a runner SIGKILLed between writing a
// line and the next): helpers with their chains, qdiscs and proxies, paused
// containers, stopped processes, exited daemons.
func cmdHeal(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("heal", flag.ContinueOnError)
	fs.SetOutput(out)
	run := fs.String("run", "", "heal this run (default: the newest run under --reports)")
	all := fs.Bool("all", false, "heal every run under --reports")
	reports := fs.String("reports", "reports", "directory holding reports/<run id>/")
	root := fs.String("root", ".", "saltlab checkout (to build the chaos helper image if a helper must be recreated)")
	if err := fs.Parse(args); err != nil {
		return usageErr(err)
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("heal: unexpected argument %q", fs.Arg(0))}
	}
	if *run != "" && *all {
		return usageError{fmt.Errorf("heal: give at most one of --run ID or --all")}
	}
	states, err := healTargets(*reports, *run, *all)
	if err != nil {
		return err
	}
	cli, err := dockerx.New(ctx)
	if err != nil {
		return err
	}
	defer cli.Close()
	// Healing must finish even if the user presses Ctrl-C.
	ctx = context.WithoutCancel(ctx)
	var errs []error
	for _, st := range states {
		e, err := openEngine(cli, *reports, *root, st, out)
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

// healTargets picks the runs to heal. A run whose directory lost run.json
// is still swept by its label.
func healTargets(reports, run string, all bool) ([]runstate.State, error) {
	switch {
	case all:
		states, err := runstate.List(reports)
		if err != nil {
			return nil, err
		}
		if len(states) == 0 {
			return nil, fmt.Errorf("heal: %w under %s", runstate.ErrNoRuns, reports)
		}
		return states, nil
	case run != "":
		if err := labels.ValidateRunID(run); err != nil {
			return nil, usageError{err}
		}
		st, err := runstate.Load(runstate.Dir(reports, run))
		if errors.Is(err, os.ErrNotExist) {
			return []runstate.State{{RunID: run}}, nil
		}
		return []runstate.State{st}, err
	default:
		st, err := runstate.Latest(reports)
		return []runstate.State{st}, err
	}
}

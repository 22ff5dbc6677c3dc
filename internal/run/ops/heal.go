package ops

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/access"
)

// staleWhy is what a ledger says of the faults it closes unhealed.
const staleWhy = "its lab was removed before they were undone; closed by saltlab heal --all"

// Heal undoes a run's faults twice over (every live run under w.Reports
// with all): it replays the ledger (newest first, with the data each fault
// recorded before it acted), then sweeps by label for what a ledger cannot
// hold (a runner SIGKILLed between writing a line and the next): helpers
// with their chains, qdiscs and proxies, paused containers, stopped
// processes, exited daemons. A helper that must be recreated is built from
// the checkout at root. It acts only on labs that are on the engine: a run
// named whose lab is gone is an error listing the live ones, and with all,
// a run whose lab is gone but whose ledger still holds faults has them
// closed as stale (nothing is left to undo) and reported. One line per run
// goes to out.
func Heal(ctx context.Context, w Which, all bool, root string, out io.Writer) error {
	if err := w.checkWritable(); err != nil {
		return err
	}
	cli, err := dockerx.New(ctx)
	if err != nil {
		return err
	}
	defer cli.Close()
	owners, err := liveOwners(ctx, cli)
	if err != nil {
		return err
	}
	live, gone, err := healTargets(w, all, owners)
	if err != nil {
		return err
	}
	// Healing must finish even if the user presses Ctrl-C.
	ctx = context.WithoutCancel(ctx)
	errs := []error{closeStale(w.Reports, gone, out)}
	for _, run := range live {
		for _, st := range run.All() { // every lab of a run with several
			errs = append(errs, healOn(ctx, cli, w.Reports, root, st, out))
		}
	}
	if all && len(live) == 0 {
		removed := ""
		if len(gone) > 0 {
			removed = fmt.Sprintf(" (its %d run folder(s) belong to labs already removed)", len(gone))
		}
		errs = append(errs, fmt.Errorf("heal --all: no saltlab run under %s has its lab on this engine, so there is nothing to heal%s; %s",
			w.Reports, removed, runstate.LiveList(w.Reports, owners)))
	}
	return errors.Join(errs...)
}

// healLab replays one lab's ledger (newest first, with recorded data),
// then sweeps the lab by label, which cleans and removes the helpers
// whatever the replay left. One line goes to out. cli reaches the lab's
// containers, host builds a helper image a fault needs.
func healLab(ctx context.Context, cli chaos.Docker, host images.Docker, reports, root string, st runstate.State, out io.Writer, bind ...func(*chaos.Engine)) error {
	e, err := access.OpenEngine(cli, host, reports, root, st, out)
	if err != nil {
		return err
	}
	for _, b := range bind {
		b(e)
	}
	n := len(e.Ledger().Pending())
	herr := e.Ledger().UndoAll(ctx, e)
	sw, serr := e.Sweep(ctx)
	fmt.Fprintf(out, "run %s%s: healed %d of %d recorded fault(s); swept %s\n", st.RunID, labSuffix(st.Lab), n-len(e.Ledger().Pending()), n, sw)
	if herr != nil || serr != nil {
		return fmt.Errorf("heal run %s%s: %w", st.RunID, labSuffix(st.Lab), errors.Join(herr, serr))
	}
	return nil
}

// healOn is healLab on the engine the lab runs on: the host's, or its
// swarm's nodes (where a stopped task starts again as a new one).
func healOn(ctx context.Context, cli *client.Client, reports, root string, st runstate.State, out io.Writer) error {
	if st.Engine != runstate.EngineSwarm {
		return healLab(ctx, cli, cli, reports, root, st, out)
	}
	o, err := openOn(ctx, cli, st)
	if err != nil {
		return fmt.Errorf("heal run %s%s: %w", st.RunID, labSuffix(st.Lab), err)
	}
	defer o.Target.Close()
	// The swarm's nodes too: a node fault's undo unpauses a node.
	return healLab(ctx, o.Target.Docker, cli, reports, root, st, out, func(e *chaos.Engine) { o.Target.BindNodes(e, cli) })
}

// labSuffix names a lab of a run with several in a message.
func labSuffix(lab string) string {
	if lab == "" {
		return ""
	}
	return " " + lab
}

// healTargets picks the runs to heal among those with a lab on the engine
// (owners, lab.RunOwners): with all, every run under w.Reports whose
// lab is live, and as gone the ones whose lab is not; else the one
// runstate.PickLive chooses. A live run whose directory lost run.json is
// still healed by its label.
func healTargets(w Which, all bool, owners map[string]string) (live, gone []runstate.State, err error) {
	if !all {
		st, err := runstate.PickLive(w.Reports, w.ID, owners)
		if err != nil {
			return nil, nil, err
		}
		return []runstate.State{st}, nil, nil
	}
	states, err := runstate.List(w.Reports)
	if err != nil {
		return nil, nil, err
	}
	for _, st := range states {
		if _, ok := owners[st.RunID]; ok {
			live = append(live, st)
		} else {
			gone = append(gone, st)
		}
	}
	return live, gone, nil
}

// closeStale closes, in the ledger of each run whose lab is gone, the
// faults still pending: there is nothing left to undo, and a ledger that
// claims otherwise would have every later heal try again. Each run that had
// some gets a line on out; runs without are left alone, files untouched.
func closeStale(reports string, gone []runstate.State, out io.Writer) error {
	var errs []error
	for _, run := range gone {
		for _, st := range run.All() {
			path := filepath.Join(runstate.Dir(reports, st.RunID), runstate.LedgerName(st.Lab))
			l, err := fault.Open(path)
			if err != nil {
				errs = append(errs, fmt.Errorf("heal run %s%s: %w", st.RunID, labSuffix(st.Lab), err))
				continue
			}
			if len(l.Pending()) == 0 {
				continue
			}
			closed, err := l.Abandon(staleWhy)
			if err != nil {
				errs = append(errs, fmt.Errorf("heal run %s%s: %w", st.RunID, labSuffix(st.Lab), err))
				continue
			}
			fmt.Fprintf(out, "run %s%s: its lab is gone; closed %d fault(s) its ledger still held as stale (nothing left to undo)\n", st.RunID, labSuffix(st.Lab), len(closed))
		}
	}
	return errors.Join(errs...)
}

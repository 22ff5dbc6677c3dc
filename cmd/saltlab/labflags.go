package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/dockerx"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/runner"
	"github.com/saltlab/saltlab/internal/runstate"
)

// labFlags registers the flags `run` and `up` share: what to bring up and
// the per-run knobs.
func labFlags(fs *flag.FlagSet, cfg *runner.Config) {
	fs.StringVar(&cfg.Topology, "topology", "failover", "topology under compose/")
	fs.StringVar(&cfg.Flavor, "salt", envOr("SALT", "auto"), "Salt flavour: auto, real or sim (env SALT)")
	saltVersionFlag(fs, &cfg.SaltVersion)
	fs.StringVar(&cfg.ReportsDir, "reports", "reports", "directory for reports/<run id>/")
	fs.StringVar(&cfg.RunID, "run-id", "", "run id (default: generated)")
	fs.StringVar(&cfg.RepoRoot, "root", ".", "saltlab checkout (compose/, images/, features/)")
	fs.IntVar(&cfg.Knobs.Minions, "minions", 0, "number of minions, cloned from the topology's salt-minion-1 (default: the topology's own)")
	fs.Func("set", "Salt option override KEY=VALUE, e.g. minion.master_alive_interval=5 or master.timeout=10 (repeatable)", func(v string) error {
		cfg.Knobs.Sets = append(cfg.Knobs.Sets, v)
		return nil
	})
	fs.StringVar(&cfg.Knobs.States, "states", "", "directory mounted read-only as the masters' /srv/salt")
	fs.StringVar(&cfg.Knobs.Pillar, "pillar", "", "directory mounted read-only as the masters' /srv/pillar")
	fs.StringVar(&cfg.Knobs.MasterConfig, "master-config", "", "directory of master.d/*.conf drop-ins, read after the topology's own")
	fs.StringVar(&cfg.Knobs.MinionConfig, "minion-config", "", "directory of minion.d/*.conf drop-ins, read after the topology's own")
}

// checkLabFlags rejects bad values before anything is built.
func checkLabFlags(cfg runner.Config) error {
	if err := checkFlavor(cfg.Flavor); err != nil {
		return err
	}
	if err := checkSaltVersion(cfg.SaltVersion); err != nil {
		return err
	}
	if err := cfg.Knobs.Validate(); err != nil {
		return usageError{err}
	}
	return nil
}

// openRun finds a run's saved state (the given id, or the only live run)
// and loads its lab for inspection. The caller closes the returned client.
func openRun(ctx context.Context, reports, id string) (*lab.Lab, runstate.State, io.Closer, error) {
	cli, err := dockerx.New(ctx)
	if err != nil {
		return nil, runstate.State{}, nil, err
	}
	st, err := pickRun(ctx, cli, reports, id)
	if err == nil {
		var l *lab.Lab
		if l, err = runner.Open(ctx, cli, st); err == nil {
			return l, st, cli, nil
		}
	}
	cli.Close()
	return nil, runstate.State{}, nil, err
}

// pickRun returns the run id's state, or without an id the one run under
// reports whose lab still exists on the engine.
func pickRun(ctx context.Context, cli *client.Client, reports, id string) (runstate.State, error) {
	if id != "" {
		st, err := runstate.Load(runstate.Dir(reports, id))
		if err != nil {
			return st, fmt.Errorf("find run %s under %s: %w", id, reports, err)
		}
		return st, nil
	}
	all, err := runstate.List(reports)
	if err != nil {
		return runstate.State{}, err
	}
	owners, err := runner.RunOwners(ctx, cli)
	if err != nil {
		return runstate.State{}, err
	}
	return onlyLive(all, owners, reports)
}

// onlyLive picks the one run of all that has resources on the engine
// (owners); none or several are errors, the latter listing them.
func onlyLive(all []runstate.State, owners map[string]string, reports string) (runstate.State, error) {
	var live []runstate.State
	for _, st := range all {
		if _, ok := owners[st.RunID]; ok {
			live = append(live, st)
		}
	}
	switch len(live) {
	case 0:
		return runstate.State{}, fmt.Errorf("no live saltlab run under %s: start one with `saltlab up`, or name one with --run ID", reports)
	case 1:
		return live[0], nil
	}
	var b strings.Builder
	for _, st := range live {
		fmt.Fprintf(&b, "\n  %s  topology %s, started %s", st.RunID, st.Topology, st.Started.Format("2006-01-02 15:04:05"))
	}
	return runstate.State{}, usageError{fmt.Errorf("several live runs under %s; choose one with --run ID:%s", reports, b.String())}
}

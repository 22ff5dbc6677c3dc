package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/runner"
)

// labFlags registers the flags `run` and `up` share: what to bring up and
// the per-run knobs.
func labFlags(fs *flag.FlagSet, cfg *runner.Config) {
	fs.StringVar(&cfg.Topology, "topology", "failover", "topology under compose/; with --compose, whose scenarios (@tag) run")
	fs.StringVar(&cfg.Compose, "compose", "", "your own compose file to bring up instead of the topology's; it declares its roles in an x-saltlab block (docs/topologies.md)")
	fs.StringVar(&cfg.Flavor, "salt", envOr("SALT", "auto"), "Salt flavour: auto, real or sim (env SALT)")
	saltVersionFlag(fs, &cfg.SaltVersion)
	fs.StringVar(&cfg.ReportsDir, "reports", "reports", "directory for reports/<run id>/")
	fs.StringVar(&cfg.RunID, "run-id", "", "run id (default: generated)")
	fs.StringVar(&cfg.RepoRoot, "root", ".", "saltlab checkout (compose/, images/, features/)")
	intFlag(fs, &cfg.Knobs.Minions, "minions", 1, knobs.MaxMinions, fmt.Sprintf("want 1 to %d, or leave it out for the topology's own minions", knobs.MaxMinions),
		fmt.Sprintf("number of minions (1-%d), cloned from the topology's salt-minion-1 (default: the topology's own)", knobs.MaxMinions))
	fs.Func("set", "Salt option override KEY=VALUE, e.g. minion.master_alive_interval=5 or master.timeout=10 (repeatable)", func(v string) error {
		cfg.Knobs.Sets = append(cfg.Knobs.Sets, v)
		return nil
	})
	fs.StringVar(&cfg.Knobs.States, "states", "", "directory mounted read-only as the masters' /srv/salt")
	fs.StringVar(&cfg.Knobs.Pillar, "pillar", "", "directory mounted read-only as the masters' /srv/pillar")
	fs.StringVar(&cfg.Knobs.MasterConfig, "master-config", "", "directory of master.d/*.conf drop-ins, read after the topology's own")
	fs.StringVar(&cfg.Knobs.MinionConfig, "minion-config", "", "directory of minion.d/*.conf drop-ins, read after the topology's own")
}

// checkLabFlags completes cfg from the environment and rejects bad values
// before anything is built or Docker is contacted.
func checkLabFlags(cfg *runner.Config) error {
	if err := checkFlavor(cfg.Flavor); err != nil {
		return err
	}
	if err := checkSaltVersion(cfg.SaltVersion); err != nil {
		return err
	}
	dir, err := runstate.PrivateRoot(os.Getenv)
	if err != nil {
		return err
	}
	cfg.StateDir = dir
	return cfg.Validate()
}

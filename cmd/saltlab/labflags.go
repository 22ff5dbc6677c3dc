package main

import (
	"flag"
	"fmt"

	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/swarm"
)

// labFlags registers the flags `run` and `up` share: what to bring up and
// the per-run knobs (kept as typed in cfg.Inputs, which cfg.Complete
// parses).
func labFlags(fs *flag.FlagSet, cfg *settings.Config) {
	fs.StringVar(&cfg.Topology, "topology", "failover", "topology under compose/; with --compose, whose scenarios (@tag) run")
	fs.StringVar(&cfg.Compose, "compose", "", "your own compose file to bring up instead of the topology's; it declares its roles in an x-saltlab block (docs/topologies.md)")
	fs.StringVar(&cfg.Flavor, "salt", settings.EnvOr("SALT", "auto"), "Salt flavour: auto, real or sim (env SALT)")
	settings.SaltVersionFlag(fs, &cfg.SaltVersion)
	saltRefreshFlag(fs, &cfg.SaltRefresh)
	fs.StringVar(&cfg.ReportsDir, "reports", "reports", "directory for reports/<run id>/")
	fs.StringVar(&cfg.RunID, "run-id", "", "run id (default: generated)")
	fs.StringVar(&cfg.RepoRoot, "root", ".", "saltlab checkout (compose/, images/, features/)")
	fs.StringVar(&cfg.Engine, "engine", settings.EngineCompose, "where the lab runs: compose (this host's engine) or swarm (Swarm services on the swarm --swarm names; docs/swarm.md)")
	fs.StringVar(&cfg.Swarm, "swarm", "", "with --engine swarm: the swarm `saltlab swarm up --name NAME` made (default "+settings.DefaultSwarm+")")
	cfg.Inputs.Register(fs)
}

// checkSwarm checks the name of the swarm a swarm lab deploys on, with
// the rule `saltlab swarm --name` has, before any Docker work.
func checkSwarm(cfg *settings.Config) error {
	if !cfg.OnSwarm() {
		return nil
	}
	if err := swarm.ValidateName(cfg.SwarmName()); err != nil {
		return fmt.Errorf("validate --swarm: %w", err)
	}
	return nil
}

// saltRefreshFlag registers --salt-refresh, shared by run, up and images.
func saltRefreshFlag(fs *flag.FlagSet, v *bool) {
	fs.BoolVar(v, "salt-refresh", false, "ask the package index which release a Salt line is, even when an image of the line's answer from the last 24 hours exists")
}

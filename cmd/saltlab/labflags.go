package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/usage"
)

// labFlags registers the flags `run` and `up` share: what to bring up and
// the per-run knobs, which it returns as given for checkLabFlags to parse.
func labFlags(fs *flag.FlagSet, cfg *settings.Config) *knobs.Inputs {
	in := &knobs.Inputs{}
	fs.StringVar(&cfg.Topology, "topology", "failover", "topology under compose/; with --compose, whose scenarios (@tag) run")
	fs.StringVar(&cfg.Compose, "compose", "", "your own compose file to bring up instead of the topology's; it declares its roles in an x-saltlab block (docs/topologies.md)")
	fs.StringVar(&cfg.Flavor, "salt", envOr("SALT", "auto"), "Salt flavour: auto, real or sim (env SALT)")
	saltVersionFlag(fs, &cfg.SaltVersion)
	saltRefreshFlag(fs, &cfg.SaltRefresh)
	fs.StringVar(&cfg.ReportsDir, "reports", "reports", "directory for reports/<run id>/")
	fs.StringVar(&cfg.RunID, "run-id", "", "run id (default: generated)")
	fs.StringVar(&cfg.RepoRoot, "root", ".", "saltlab checkout (compose/, images/, features/)")
	intFlag(fs, &in.Minions, "minions", 1, knobs.MaxMinions, fmt.Sprintf("want 1 to %d, or leave it out for the topology's own minions", knobs.MaxMinions),
		fmt.Sprintf("number of minions (1-%d), cloned from the topology's salt-minion-1, one per container up to %d and %d per container beyond, as many as this machine's memory holds (default: the topology's own)", knobs.MaxMinions, knobs.MaxContainers, knobs.SwarmSize))
	intFlag(fs, &in.MinionsPerContainer, "minions-per-container", 1, knobs.SwarmSize, fmt.Sprintf("want 1 (a container each) to %d, or leave it out for the default layout", knobs.SwarmSize),
		fmt.Sprintf("with --minions: at most this many minions share a container (1-%d; default 1 up to %d minions and %d beyond); more than 1 runs swarms, which run only @scale scenarios", knobs.SwarmSize, knobs.MaxContainers, knobs.SwarmSize))
	fs.BoolVar(&in.KeepFleetKeys, "keep-fleet-keys", false, fmt.Sprintf("with a fleet in swarms (--minions beyond %d, or --minions-per-container 2 or more): keep the fleet's minion keys in the volume %s for the next fleet (it outlives the run; saltlab down --all removes it)", knobs.MaxContainers, knobs.SwarmKeysVolume))
	fs.Func("set", "Salt option override KEY=VALUE, e.g. minion.master_alive_interval=5 or master.timeout=10 (repeatable)", func(v string) error {
		in.Sets = append(in.Sets, v)
		return nil
	})
	fs.StringVar(&in.States, "states", "", "directory mounted read-only as the masters' /srv/salt; it needs a top.sls (default for the built-in topologies, without --pillar too: the checkout's examples/states)")
	fs.StringVar(&in.Pillar, "pillar", "", "directory mounted read-only as the masters' /srv/pillar (default for the built-in topologies, without --states too: the checkout's examples/pillar)")
	fs.StringVar(&in.MasterConfig, "master-config", "", "directory of master.d/*.conf drop-ins, read after the topology's own")
	fs.StringVar(&in.MinionConfig, "minion-config", "", "directory of minion.d/*.conf drop-ins, read after the topology's own")
	return in
}

// checkLabFlags completes cfg from the environment and the knobs, parsed
// here once (--set included), and rejects bad values before anything is
// built or Docker is contacted.
func checkLabFlags(cfg *settings.Config, in *knobs.Inputs) error {
	if err := checkFlavor(cfg.Flavor); err != nil {
		return err
	}
	if err := checkSaltVersion(cfg.SaltVersion); err != nil {
		return err
	}
	if err := checkSimRelease(cfg.Flavor); err != nil {
		return err
	}
	if err := checkRealEnv(cfg.Flavor); err != nil {
		return err
	}
	dir, err := runstate.PrivateRoot(os.Getenv)
	if err != nil {
		return err
	}
	cfg.StateDir = dir
	if err := cfg.Validate(); err != nil {
		return err
	}
	if err := images.CheckCache(cfg.RepoRoot); err != nil {
		return usage.Wrap(err)
	}
	// The example states are for the built-in topologies: a user's
	// compose file mounts its own /srv/salt, which the examples would hide.
	if cfg.Compose == "" {
		in.Root = cfg.RepoRoot
	}
	k, err := in.Parse()
	if err != nil {
		return usage.Wrap(err)
	}
	cfg.Knobs = k
	return nil
}

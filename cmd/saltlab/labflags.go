package main

import (
	"flag"

	"github.com/saltlab/saltlab/internal/run/settings"
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
	cfg.Inputs.Register(fs)
}

// saltRefreshFlag registers --salt-refresh, shared by run, up and images.
func saltRefreshFlag(fs *flag.FlagSet, v *bool) {
	fs.BoolVar(v, "salt-refresh", false, "ask the package index which release a Salt line is, even when an image of the line's answer from the last 24 hours exists")
}

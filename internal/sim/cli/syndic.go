package cli

import (
	"context"
	"fmt"
	"os/signal"
	"syscall"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/syndic"
)

// runSyndic is salt-syndic: it reads the master configuration (syndic_*
// options, the local master's sock_dir) and the minion configuration (id,
// pki_dir) from the same config dir (salt.config.syndic_config).
func runSyndic(ctx context.Context, e *Env, args []string) int {
	p, err := parse(args, daemonFlags())
	if err != nil {
		return usageError(e, "salt-syndic", err)
	}
	masterOpts, code, done := preamble(e, "salt-syndic", p, config.Master)
	if done {
		return code
	}
	minionOpts, err := config.Load(config.Minion, p.str("--config-dir", config.DefaultDir))
	if err != nil {
		fmt.Fprintf(e.Stderr, "[ERROR   ] %v\n", err)
		return 1
	}
	if !masterOpts.Has("syndic_log_file") {
		masterOpts["syndic_log_file"] = "/var/log/salt/syndic"
	}
	logOpts := masterOpts.Copy()
	logOpts["log_file"] = masterOpts.Str("syndic_log_file")
	log := daemonLogger(e, p, logOpts, "salt.syndic")
	defer log.Close()
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	s, err := syndic.New(masterOpts, minionOpts, syndic.Deps{
		Resolver: e.Resolver, Log: log, Hostname: e.Hostname, RejectDelay: e.RejectDelay, Probe: e.Probe,
	})
	if err != nil {
		log.Errorf("%v", err)
		return 1
	}
	return s.Run(ctx)
}

package cli

import (
	"context"
	"fmt"
	"os/signal"
	"syscall"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/master"
	"github.com/saltlab/saltlab/internal/sim/minion"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
)

func daemonFlags() []flag {
	return []flag{
		{names: []string{"--daemon", "-d"}},
		{names: []string{"--user", "-u"}, value: true},
		{names: []string{"--pid-file"}, value: true},
	}
}

// daemonLogger logs to stderr (foreground) and to log_file like Salt.
func daemonLogger(e *Env, p parsed, opts config.Opts, name string) *saltlog.Logger {
	log := consoleLogger(e, p, opts, name)
	file := p.str("--log-file", opts.Str("log_file"))
	lvl := saltlog.ParseLevel(p.str("--log-file-level", opts.Str("log_level_logfile")))
	if err := log.OpenFile(file, lvl); err != nil {
		log.Warnf("Failed to open log file, do you have permission to write to %s? %v", file, err)
	}
	return log
}

func runMaster(ctx context.Context, e *Env, args []string) int {
	p, err := parse(args, daemonFlags())
	if err != nil {
		return usageError(e, "salt-master", err)
	}
	opts, code, done := preamble(e, "salt-master", p, config.Master)
	if done {
		return code
	}
	log := daemonLogger(e, p, opts, "salt.master")
	defer log.Close()
	if p.has("--daemon") {
		// INFER: the double always stays in the foreground (containers).
		log.Warnf("salt-master -d is not supported by the Salt double; running in the foreground")
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	rel, err := e.release()
	if err != nil {
		log.Errorf("%v", err)
		return 1
	}
	m, err := master.New(opts, log)
	if err != nil {
		log.Errorf("%v", err)
		return 1
	}
	m.Release = rel
	if err := m.Run(ctx); err != nil {
		log.Errorf("%v", err)
		return 1
	}
	return 0
}

func runMinion(ctx context.Context, e *Env, args []string) int {
	p, err := parse(args, daemonFlags())
	if err != nil {
		return usageError(e, "salt-minion", err)
	}
	opts, code, done := preamble(e, "salt-minion", p, config.Minion)
	if done {
		return code
	}
	log := daemonLogger(e, p, opts, "salt.minion")
	defer log.Close()
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	rel, err := e.release()
	if err != nil {
		log.Errorf("%v", err)
		return 1
	}
	deps := minion.Deps{
		Resolver: e.Resolver, ProcNet: e.ProcNet, Log: log, Hostname: e.Hostname,
		RejectDelay: e.RejectDelay, Probe: e.Probe, Release: rel,
	}
	if n, pattern, ok, err := swarmSettings(e); ok || err != nil {
		if err != nil {
			fmt.Fprintf(e.Stderr, "[ERROR   ] %v\n", err)
			return 1
		}
		sw, err := minion.NewSwarm(opts, deps, n, pattern, e.Getenv(envSwarmKeys))
		if err != nil {
			fmt.Fprintf(e.Stderr, "[ERROR   ] %v\n", err)
			return 1
		}
		log.Infof("saltlab sim swarm mode: %d minions (%s)", n, pattern)
		return sw.Run(ctx)
	}
	mgr, err := minion.NewManager(opts, deps)
	if err != nil {
		fmt.Fprintf(e.Stderr, "[ERROR   ] %v\n", err)
		return 1
	}
	return mgr.Run(ctx)
}

package cli

import (
	"context"
	"errors"
	"os/signal"
	"syscall"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/saltapi"
)

// runAPI is salt-api with the rest_cherrypy module, configured from the
// master config (§5.1).
func runAPI(ctx context.Context, e *Env, args []string) int {
	p, err := parse(args, daemonFlags())
	if err != nil {
		return usageError(e, "salt-api", err)
	}
	opts, code, done := preamble(e, "salt-api", p, config.Master)
	if done {
		return code
	}
	if opts.Str("api_logfile") != "" {
		opts["log_file"] = opts.Str("api_logfile")
	}
	log := daemonLogger(e, p, opts, "salt.netapi")
	defer log.Close()
	if p.has("--daemon") {
		log.Warnf("salt-api -d is not supported by the Salt double; running in the foreground")
	}
	srv, err := saltapi.New(opts, log, e.Stdout)
	if err != nil {
		log.Errorf("%v", err)
		if errors.Is(err, saltapi.ErrNoNetapi) {
			// INFER: NetapiClient.run returns and the process ends normally.
			return 0
		}
		return 1
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	if err := srv.Run(ctx); err != nil {
		log.Errorf("%v", err)
		return 1
	}
	return 0
}

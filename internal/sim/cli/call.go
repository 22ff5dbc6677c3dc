package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/minion"
	"github.com/saltlab/saltlab/internal/sim/notmodelled"
)

func callFlags() []flag {
	return withUnmodelled("salt-call",
		flag{names: []string{"--local"}},
		flag{names: []string{"--retcode-passthrough"}},
		flag{names: []string{"--metadata"}},
		flag{names: []string{"--id"}, value: true},
		// Real salt-call's --master has no short form: -m is
		// --module-dirs, which the double does not model.
		flag{names: []string{"--master"}, value: true},
		flag{names: []string{"--file-root"}, value: true},
		flag{names: []string{"--pillar-root"}, value: true},
	)
}

// runCall is salt-call (salt/cli/call.py, §4.4): its options, its
// output and exit code around minion.Call (salt/cli/caller.py).
func runCall(ctx context.Context, e *Env, args []string) int {
	p, err := parse(args, callFlags())
	if err != nil {
		return usageError(e, "salt-call", err)
	}
	opts, code, done := preamble(e, "salt-call", p, config.Minion)
	if done {
		return code
	}
	out, err := outOptions(p)
	if err != nil {
		return usageError(e, "salt-call", err)
	}
	if len(p.pos) == 0 {
		return usageError(e, "salt-call", errors.New("Requires function, --grains or --doc"))
	}
	log := consoleLogger(e, p, opts, "salt.cli.caller")
	opts["caller"] = true
	if p.has("--local") {
		opts["file_client"] = "local"
	}
	if v := p.str("--id", ""); v != "" {
		opts["id"] = v
	}
	if v := p.str("--master", ""); v != "" {
		opts["master"] = v
	}
	rel, err := e.release()
	if err != nil {
		return usageError(e, "salt-call", err)
	}
	deps := minion.Deps{Resolver: e.Resolver, Log: log, Hostname: e.Hostname, RejectDelay: e.RejectDelay, Probe: e.Probe, Release: rel}
	res, err := minion.Call(ctx, opts, deps, p.pos[0], yamlifyArgs(p.pos[1:]))
	if nm, ok := notmodelled.As(err); ok {
		return notModelled(e, "salt-call", nm)
	}
	var exit *minion.CallExit
	if errors.As(err, &exit) {
		w := e.Stderr
		if exit.Stdout {
			w = e.Stdout
		}
		fmt.Fprintln(w, exit.Msg)
		return exit.Code
	}
	printDoc(e, jsonout.NewMap().Set("local", res.Return), out)
	switch {
	case res.Retcode == 0:
		return 0
	case p.has("--retcode-passthrough"):
		return res.Retcode
	default:
		return 1
	}
}

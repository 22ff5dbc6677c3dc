package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/modules"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/signin"
	"github.com/saltlab/saltlab/internal/sim/wire"
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

// runCall is salt-call (salt/cli/call.py, salt/cli/caller.py, §4.4).
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
	// Before any master is contacted: nothing the double could do with it.
	if nm, ok := modules.NotModelled(p.pos[0]); ok {
		return notModelled(e, "salt-call", nm)
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
	id, err := config.MinionID(opts, e.Hostname)
	if err != nil {
		fmt.Fprintln(e.Stderr, err)
		return 1
	}
	opts["id"] = id
	keys, err := pki.LoadOrCreate(opts.Str("pki_dir"), "minion")
	if err != nil {
		fmt.Fprintln(e.Stderr, err)
		return 1
	}
	var sess *signin.Session
	auth := &signin.Authenticator{ID: id, Keys: keys, Opts: opts, Log: log, Sleep: signin.SleepCtx, RejectDelay: e.RejectDelay}
	ev := &signin.Evaluator{Opts: opts, Auth: auth, Resolver: e.Resolver, Log: log, Sleep: signin.SleepCtx, Probe: probe(e)}
	if opts.Str("file_client") != "local" {
		// SMinion runs eval_master(failed=True): with a list this is the
		// list path in every master_type.
		sess, err = ev.Eval(ctx, true, false)
		if err != nil {
			return callConnectError(e, err)
		}
	}
	fun := p.pos[0]
	if !modules.Available(fun) {
		// Caller.call: missing function → stderr and sys.exit(-1).
		fmt.Fprintln(e.Stderr, modules.MissingFunString(fun))
		return 255
	}
	static, _ := opts["grains"].(map[string]any)
	env := modules.Env{Opts: opts, Grains: modules.Grains(id, static), Master: modules.LocalChannel{Opts: opts}}
	if sess != nil {
		env.Master = &signin.Channel{Sess: sess, ID: id, Timeout: opts.Seconds("auth_timeout", 5), Grains: env.Grains}
		env.FireMaster = func(ctx context.Context, tag string, data any) bool {
			return fireEveryMaster(ctx, callEvent{sess: sess, auth: auth, uris: ev.URIs, id: id, log: log, timeout: opts.Seconds("auth_timeout", 5)}, tag, data)
		}
	}
	fargs := yamlifyArgs(p.pos[1:])
	res := modules.Run(ctx, env, fun, fargs)
	retcode := res.JobRetcode()
	if sess != nil {
		raw, _ := json.Marshal(res.Return)
		ret := wire.Return{ID: id, Jid: "req", Fun: fun, FunArgs: fargs, Return: raw, Retcode: retcode, Success: retcode == 0}
		if err := sess.SendReturn(ctx, id, ret, opts.Seconds("auth_timeout", 5)); err != nil {
			log.Debugf("Failed to send the return to the master: %v", err)
		}
	}
	printDoc(e, jsonout.NewMap().Set("local", res.Return), out)
	switch {
	case retcode == 0:
		return 0
	case p.has("--retcode-passthrough"):
		return retcode
	default:
		return 1
	}
}

// callConnectError maps connection failures to salt-call's exits: pending
// key on a single master prints to stdout and exits 2; other sys.exit codes
// pass through; SaltClientError becomes a SystemExit message and exit 1.
func callConnectError(e *Env, err error) int {
	var exit *signin.ExitError
	if errors.As(err, &exit) {
		if exit.Code == 2 {
			fmt.Fprintln(e.Stdout, exit.Msg)
		} else {
			fmt.Fprintln(e.Stderr, exit.Msg)
		}
		return exit.Code
	}
	fmt.Fprintln(e.Stderr, err.Error())
	return 1
}

func probe(e *Env) time.Duration {
	if e.Probe > 0 {
		return e.Probe
	}
	return 2e9
}

package minion

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/modules"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/signin"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// CallExit is salt-call ending before a function's result: the text it
// prints (on stdout when Stdout, else stderr) and its exit code.
type CallExit struct {
	Code   int
	Msg    string
	Stdout bool
}

func (e *CallExit) Error() string { return e.Msg }

// CallResult is a function's return under salt-call and its job retcode.
type CallResult struct {
	Return  any
	Retcode int
}

// Call is salt-call's work once its options are read (salt/cli/caller.py
// with the SMinion it builds, §4.4): the minion's id and keys, the sign-in
// to its masters unless file_client is local, the function run once and
// its return sent to the master. A function the double does not model is
// a *notmodelled.Error before any master is contacted; an exit before the
// result is a *CallExit.
func Call(ctx context.Context, opts config.Opts, d Deps, fun string, args []any) (CallResult, error) {
	// Before any master is contacted: nothing the double could do with it.
	if nm, ok := modules.NotModelled(fun); ok {
		return CallResult{}, nm
	}
	id, err := config.MinionID(opts, d.Hostname)
	if err != nil {
		return CallResult{}, &CallExit{Code: 1, Msg: err.Error()}
	}
	opts["id"] = id
	keys, err := pki.LoadOrCreate(opts.Str("pki_dir"), "minion")
	if err != nil {
		return CallResult{}, &CallExit{Code: 1, Msg: err.Error()}
	}
	var sess *signin.Session
	auth := &signin.Authenticator{ID: id, Keys: keys, Opts: opts, Log: d.Log, Sleep: signin.SleepCtx, RejectDelay: d.RejectDelay}
	probe := d.Probe
	if probe <= 0 {
		probe = 2e9
	}
	ev := &signin.Evaluator{Opts: opts, Auth: auth, Resolver: d.Resolver, Log: d.Log, Sleep: signin.SleepCtx, Probe: probe}
	if opts.Str("file_client") != "local" {
		// SMinion runs eval_master(failed=True): with a list this is the
		// list path in every master_type.
		sess, err = ev.Eval(ctx, true, false)
		if err != nil {
			return CallResult{}, callConnectError(err)
		}
	}
	if !modules.Available(fun) {
		// Caller.call: missing function → stderr and sys.exit(-1).
		return CallResult{}, &CallExit{Code: 255, Msg: modules.MissingFunString(fun)}
	}
	static, _ := opts["grains"].(map[string]any)
	env := modules.Env{Opts: opts, Grains: modules.Grains(id, static), Master: modules.LocalChannel{Opts: opts}, Release: d.Release}
	if sess != nil {
		env.Master = &signin.Channel{Sess: sess, ID: id, Timeout: opts.Seconds("auth_timeout", 5), Grains: env.Grains}
		env.FireMaster = func(ctx context.Context, tag string, data any) bool {
			return fireEveryMaster(ctx, callEvent{sess: sess, auth: auth, uris: ev.URIs, id: id, log: d.Log, timeout: opts.Seconds("auth_timeout", 5)}, tag, data)
		}
	}
	res := modules.Run(ctx, env, fun, args)
	retcode := res.JobRetcode()
	if sess != nil {
		raw, _ := json.Marshal(res.Return)
		ret := wire.Return{ID: id, Jid: "req", Fun: fun, FunArgs: args, Return: raw, Retcode: retcode, Success: retcode == 0}
		if err := sess.SendReturn(ctx, id, ret, opts.Seconds("auth_timeout", 5)); err != nil {
			d.Log.Debugf("Failed to send the return to the master: %v", err)
		}
	}
	return CallResult{Return: res.Return, Retcode: retcode}, nil
}

// callConnectError maps connection failures to salt-call's exits: pending
// key on a single master prints to stdout and exits 2; other sys.exit codes
// pass through; SaltClientError becomes a SystemExit message and exit 1.
func callConnectError(err error) *CallExit {
	var exit *signin.ExitError
	if errors.As(err, &exit) {
		return &CallExit{Code: exit.Code, Msg: exit.Msg, Stdout: exit.Code == 2}
	}
	return &CallExit{Code: 1, Msg: err.Error()}
}

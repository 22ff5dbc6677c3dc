package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/localclient"
	"github.com/saltlab/saltlab/internal/sim/notmodelled"
	"github.com/saltlab/saltlab/internal/sim/outputter"
	"github.com/saltlab/saltlab/internal/sim/runners"
)

func runFlags() []flag {
	return withUnmodelled("salt-run",
		flag{names: []string{"--timeout", "-t"}, value: true},
	)
}

// runRun is salt-run with the manage runner (salt/runners/manage.py, §4.5),
// jobs, event.send, state.event, config.get and test.get_opts.
func runRun(ctx context.Context, e *Env, args []string) int {
	p, err := parse(args, runFlags())
	if err != nil {
		return usageError(e, "salt-run", err)
	}
	opts, code, done := preamble(e, "salt-run", p, config.Master)
	if done {
		return code
	}
	out, err := outOptions(p)
	if err != nil {
		return usageError(e, "salt-run", err)
	}
	if len(p.pos) == 0 {
		return usageError(e, "salt-run", fmt.Errorf("no runner function given"))
	}
	fun := p.pos[0]
	switch fun {
	case "manage.status", "manage.up", "manage.down":
	case "state.event":
		if err := runners.StateEvent(ctx, opts, p.pos[1:], e.Stdout); err != nil {
			fmt.Fprintf(e.Stdout, "Exception occurred in runner state.event: %v\n", err)
			return 1
		}
		return 0
	case "event.send":
		return runEventSend(e, opts, p.pos[1:], out)
	case "config.get":
		if len(p.pos) < 2 {
			return usageError(e, "salt-run", fmt.Errorf("config.get requires a key"))
		}
		printDoc(e, runners.ConfigGet(opts, p.pos[1:]), out)
		return 0
	case "test.get_opts":
		// salt/runners/test.py get_opts: the runner's __opts__, every
		// option the master's configuration gives.
		printDoc(e, map[string]any(opts), out)
		return 0
	case "jobs.list_jobs":
		res, err := runners.ListJobs(opts.Str("cachedir"))
		if err != nil {
			fmt.Fprintf(e.Stdout, "Exception occurred in runner %s: %v\n", fun, err)
			return 1
		}
		printDoc(e, res, out)
		return 0
	case "jobs.lookup_jid", "jobs.list_job":
		if len(p.pos) < 2 {
			return usageError(e, "salt-run", fmt.Errorf("%s requires a jid", fun))
		}
		lookup := lookupJid
		if fun == "jobs.list_job" {
			lookup = runners.ListJob
		}
		res, err := lookup(opts.Str("cachedir"), strings.TrimPrefix(p.pos[1], "jid="))
		if err != nil {
			fmt.Fprintf(e.Stdout, "Exception occurred in runner %s: %v\n", fun, err)
			return 1
		}
		printDoc(e, res, out)
		return 0
	default:
		if nm, ok := notmodelled.Runner(fun); ok {
			return notModelled(e, "salt-run", nm)
		}
		// UNCONFIRMED: Salt's exact text for an unknown runner.
		fmt.Fprintf(e.Stderr, "'%s' is not available.\n", fun)
		return 1
	}
	t, _ := p.int("--timeout", opts.Int("timeout", 5))
	c := localclient.New(opts, time.Duration(t)*time.Second)
	up, down, err := runners.ManageStatus(ctx, c, "*")
	if err != nil {
		fmt.Fprintf(e.Stdout, "Exception occurred in runner %s: %v\n", fun, err)
		return 1
	}
	var res any
	switch fun {
	case "manage.status":
		res = jsonout.NewMap().Set("down", down).Set("up", up)
	case "manage.up":
		res = up
	default:
		res = down
	}
	printDoc(e, res, out)
	return 0
}

// lookupJid is jobs.lookup_jid over the double's job cache: {id: return}.
func lookupJid(cachedir, jid string) (*jsonout.Map, error) { return runners.LookupJid(cachedir, jid) }

// runEventSend is salt/runners/event.py send(tag, data=None): data (YAML)
// or {} is fired on the master bus under tag, and the runner returns True.
func runEventSend(e *Env, opts config.Opts, args []string, out outputter.Options) int {
	if len(args) == 0 || len(args) > 2 {
		return usageError(e, "salt-run", fmt.Errorf("event.send takes a tag and optional data"))
	}
	var data any = jsonout.NewMap()
	if len(args) == 2 {
		// Salt yamlifies the argument; INFER: the double reads the JSON
		// subset of YAML flow mappings and keeps anything else a scalar.
		raw := strings.TrimPrefix(args[1], "data=")
		data = yamlifyArg(raw)
		if v, err := jsonout.Decode([]byte(raw)); err == nil {
			data = v
		}
	}
	if err := localclient.New(opts, 0).Fire(strings.TrimPrefix(args[0], "tag="), data); err != nil {
		fmt.Fprintf(e.Stdout, "Exception occurred in runner event.send: %v\n", err)
		return 1
	}
	printDoc(e, true, out)
	return 0
}

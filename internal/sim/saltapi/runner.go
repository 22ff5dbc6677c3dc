package saltapi

import (
	"context"
	"fmt"

	"github.com/saltlab/saltlab/internal/sim/eauth"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/notmodelled"
	"github.com/saltlab/saltlab/internal/sim/runners"
)

// reserved are lowstate keys that are not runner/wheel keyword arguments.
var reserved = map[string]bool{
	"client": true, "fun": true, "arg": true, "kwarg": true, "token": true, "username": true,
	"password": true, "eauth": true, "timeout": true, "full_return": true, "tgt_type": true,
	"expr_form": true, "batch": true,
}

// callArgs is RunnerClient/WheelClient argument handling: kwarg plus every
// non-reserved top-level key; positional args from arg.
func callArgs(low map[string]any) (pos []any, kw map[string]any) {
	kw = map[string]any{}
	if m, ok := low["kwarg"].(map[string]any); ok {
		for k, v := range m {
			kw[k] = v
		}
	}
	for k, v := range low {
		if !reserved[k] {
			kw[k] = v
		}
	}
	return argList(low["arg"]), kw
}

// param returns a named argument: keyword first, else the i-th positional.
func param(pos []any, kw map[string]any, name string, i int) (string, bool) {
	if v, ok := kw[name]; ok {
		return str(v), true
	}
	if i < len(pos) {
		return str(pos[i]), true
	}
	return "", false
}

// runner is RunnerClient.cmd_sync for the runners the double has.
func (s *Server) runner(ctx context.Context, id identity, low map[string]any) (any, error) {
	fun := str(low["fun"])
	if err := s.authorize(id, eauth.Request{Client: "runner", Fun: fun}); err != nil {
		return nil, err
	}
	pos, kw := callArgs(low)
	cachedir := s.opts.Str("cachedir")
	switch fun {
	case "manage.status", "manage.up", "manage.down":
		tgt, _ := param(pos, kw, "tgt", 0)
		up, down, err := runners.ManageStatus(ctx, s.lc, tgt)
		if err != nil {
			return nil, errMasterDown
		}
		switch fun {
		case "manage.status":
			return jsonout.NewMap().Set("up", up).Set("down", down), nil
		case "manage.up":
			return up, nil
		}
		return down, nil
	case "jobs.lookup_jid", "jobs.list_job":
		jid, ok := param(pos, kw, "jid", 0)
		if !ok {
			return fmt.Sprintf("Passed invalid arguments: %s() missing 1 required positional argument: 'jid'", fun), nil
		}
		if fun == "jobs.list_job" {
			return runners.ListJob(cachedir, jid)
		}
		return runners.LookupJid(cachedir, jid)
	case "jobs.list_jobs":
		return runners.ListJobs(cachedir)
	case "auth.mk_token":
		u, _ := param(pos, kw, "username", 0)
		p, _ := param(pos, kw, "password", 1)
		e, _ := param(pos, kw, "eauth", 2)
		t, err := s.auth.MkToken(eauth.Creds{Username: u, Password: p, Eauth: e})
		if err != nil {
			return nil, unauthorized(err)
		}
		return jsonout.NewMap().Set("start", t.Start).Set("token", t.Token).Set("expire", t.Expire).
			Set("name", t.Name).Set("eauth", t.Eauth), nil
	}
	if nm, ok := notmodelled.Runner(fun); ok {
		return nil, notModelled(nm)
	}
	// INFER: Salt's missing-runner text for a runner Salt lacks too.
	return fmt.Sprintf("'%s' is not available.", fun), nil
}

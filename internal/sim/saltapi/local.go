package saltapi

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/saltlab/saltlab/internal/sim/eauth"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/localclient"
	"github.com/saltlab/saltlab/internal/sim/notmodelled"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/runners"
	"github.com/saltlab/saltlab/internal/sim/target"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

const noMatchText = "No minions matched the target. No command was sent, no jid was assigned."

// publishFor checks the target, authorizes the function against the
// minions it expands to, then publishes as the eauth user.
func (s *Server) publishFor(ctx context.Context, c *localclient.Client, id identity, client string, low map[string]any) (*localclient.Job, error) {
	tgtType := str(low["tgt_type"])
	if tgtType == "" {
		tgtType = "glob"
	}
	tgt := low["tgt"]
	if tgt == nil {
		return nil, errStatus(http.StatusBadRequest, "Missing target (tgt)")
	}
	if nm, ok := notmodelled.Target(tgtType); ok {
		return nil, notModelled(nm)
	}
	fun := str(low["fun"])
	var expected []string
	for _, m := range s.keys.List(pki.Accepted) {
		if target.Match(tgt, tgtType, m) {
			expected = append(expected, m)
		}
	}
	if err := s.authorize(id, eauth.Request{Client: client, Fun: fun, Minions: expected}); err != nil {
		return nil, err
	}
	j, err := c.Publish(ctx, wire.LocalRequest{Tgt: tgt, TgtType: tgtType, Fun: fun, Arg: argList(low["arg"]), User: id.name})
	if err == localclient.ErrNoMaster {
		return nil, errMasterDown
	}
	return j, err
}

// timeoutOf is the chunk's timeout or the master's.
func (s *Server) timeoutOf(low map[string]any) time.Duration {
	if v, ok := low["timeout"]; ok {
		if f, err := strconv.ParseFloat(str(v), 64); err == nil && f > 0 {
			return time.Duration(f * float64(time.Second))
		}
	}
	return s.opts.Seconds("timeout", 5)
}

// local is LocalClient.cmd: returns in arrival order, then every expected
// minion that stayed silent as false (§5.4, §10.6).
func (s *Server) local(ctx context.Context, id identity, low map[string]any) (any, error) {
	c := *s.lc
	c.Timeout = s.timeoutOf(low)
	j, err := s.publishFor(ctx, &c, id, "local", low)
	if err != nil {
		return nil, err
	}
	defer j.Close()
	out := jsonout.NewMap()
	if len(j.Minions) == 0 {
		fmt.Fprintln(s.stdout, noMatchText)
		return out, nil
	}
	full := truthy(low["full_return"])
	missing := c.Collect(ctx, j, func(r wire.Return) {
		v := runners.DecodeReturn(r)
		if full {
			v = jsonout.NewMap().Set("ret", v).Set("retcode", r.Retcode).Set("jid", r.Jid)
		}
		out.Set(r.ID, v)
	})
	for _, m := range missing {
		out.Set(m, false)
	}
	return out, nil
}

// localAsync is LocalClient.run_job: {"jid", "minions"}, or {} when
// nothing matched.
func (s *Server) localAsync(ctx context.Context, id identity, low map[string]any) (any, error) {
	j, err := s.publishFor(context.WithoutCancel(ctx), s.lc, id, "local_async", low)
	if err != nil {
		return nil, err
	}
	j.Close()
	if len(j.Minions) == 0 {
		fmt.Fprintln(s.stdout, noMatchText)
		return jsonout.NewMap(), nil
	}
	return jsonout.NewMap().Set("jid", j.Jid).Set("minions", j.Minions), nil
}

package cli

import (
	"context"
	"errors"
	"path/filepath"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/master"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// noMasterText is SaltClientError's text when the local master is down.
const noMasterText = "The salt master could not be contacted. Is master running?"

// localClient talks to the master on this host (LocalClient).
type localClient struct {
	sock    string
	timeout time.Duration // -t / master timeout
	gather  time.Duration // gather_job_timeout
}

func newLocalClient(opts config.Opts, timeout time.Duration) *localClient {
	return &localClient{
		sock:    filepath.Join(opts.Str("sock_dir"), master.SocketName),
		timeout: timeout,
		gather:  opts.Seconds("gather_job_timeout", 10),
	}
}

// job is a published job whose returns arrive on rets.
type job struct {
	jid     string
	minions []string
	rets    chan wire.Return
	conn    *wire.Conn
}

func (j *job) close() { j.conn.Close() }

func (c *localClient) publish(ctx context.Context, req wire.LocalRequest) (*job, error) {
	conn, err := wire.Dial("unix", c.sock, 5*time.Second)
	if err != nil {
		return nil, errors.New(noMasterText)
	}
	req.Cmd = wire.LocalPublish
	if req.User == "" {
		req.User = "root"
	}
	var reply wire.LocalReply
	if err := conn.Request(req, &reply, 30*time.Second); err != nil {
		conn.Close()
		return nil, errors.New(noMasterText)
	}
	if reply.Error != "" {
		conn.Close()
		return nil, errors.New(reply.Error)
	}
	j := &job{jid: reply.Jid, minions: reply.Minions, rets: make(chan wire.Return, 256), conn: conn}
	go func() {
		defer close(j.rets)
		for {
			var r wire.Return
			if err := conn.Recv(&r); err != nil {
				return
			}
			j.rets <- r
		}
	}()
	context.AfterFunc(ctx, func() { conn.Close() })
	return j, nil
}

// collect waits for the job's returns like LocalClient.get_iter_returns:
// after `timeout` the silent minions are asked saltutil.find_job; those
// still running extend the wait, otherwise collection ends.
// onRet is called for every return in arrival order.
func (c *localClient) collect(ctx context.Context, j *job, onRet func(wire.Return)) (missing []string) {
	returned := map[string]bool{}
	pending := func() []string {
		var out []string
		for _, m := range j.minions {
			if !returned[m] {
				out = append(out, m)
			}
		}
		return out
	}
	timer := time.NewTimer(c.timeout)
	defer timer.Stop()
	var findDone chan bool
	for len(pending()) > 0 {
		select {
		case <-ctx.Done():
			return pending()
		case r, ok := <-j.rets:
			if !ok {
				return pending()
			}
			if returned[r.ID] {
				continue
			}
			returned[r.ID] = true
			onRet(r)
		case <-timer.C:
			findDone = make(chan bool, 1)
			go func(ids []string) { findDone <- c.anyRunning(ctx, j.jid, ids) }(pending())
		case running := <-findDone:
			findDone = nil
			if !running {
				return pending()
			}
			timer.Reset(c.timeout)
		}
	}
	return nil
}

// anyRunning publishes saltutil.find_job to ids and waits gather_job_timeout.
func (c *localClient) anyRunning(ctx context.Context, jid string, ids []string) bool {
	fj, err := c.publish(ctx, wire.LocalRequest{Tgt: toAnyList(ids), TgtType: "list", Fun: "saltutil.find_job", Arg: []any{jid}})
	if err != nil {
		return false
	}
	defer fj.close()
	deadline := time.After(c.gather)
	seen := 0
	for seen < len(fj.minions) {
		select {
		case r, ok := <-fj.rets:
			if !ok {
				return false
			}
			seen++
			if v, err := jsonout.Decode(r.Return); err == nil {
				if m, ok := v.(*jsonout.Map); ok && m.Len() > 0 {
					return true
				}
			}
		case <-deadline:
			return false
		case <-ctx.Done():
			return false
		}
	}
	return false
}

func toAnyList(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

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
	// syndicWait is syndic_wait on a master of masters (order_masters),
	// else 0: collection never ends before it has passed, and the find_job
	// wait is extended by it (§4.2, §6.2 step 6).
	syndicWait time.Duration
}

func newLocalClient(opts config.Opts, timeout time.Duration) *localClient {
	c := &localClient{
		sock:    filepath.Join(opts.Str("sock_dir"), master.SocketName),
		timeout: timeout,
		gather:  opts.Seconds("gather_job_timeout", 10),
	}
	if opts.Bool("order_masters") {
		c.syndicWait = opts.Seconds("syndic_wait", 5)
		c.gather += c.syndicWait
	}
	return c
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
	if req.To == 0 {
		req.To = int(c.timeout / time.Second)
	}
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
// onRet is called for every return in arrival order — twice for a minion
// that returned twice (get_iter_returns yields every return event, which is
// how a syndic topology with failed dedup shows a minion twice, §6.3).
// Expected-minion events forwarded by syndics extend j.minions (set union).
func (c *localClient) collect(ctx context.Context, j *job, onRet func(wire.Return)) (missing []string) {
	returned := map[string]bool{}
	expected := map[string]bool{}
	for _, m := range j.minions {
		expected[m] = true
	}
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
	// syndicWait holds collection open after the last expected return so
	// that slower syndics can still announce their minions.
	var syndicWait <-chan time.Time
	if c.syndicWait > 0 {
		w := time.NewTimer(c.syndicWait)
		defer w.Stop()
		syndicWait = w.C
	}
	var findDone chan bool
	for len(pending()) > 0 || syndicWait != nil {
		select {
		case <-ctx.Done():
			return pending()
		case <-syndicWait:
			syndicWait = nil
		case r, ok := <-j.rets:
			if !ok {
				return pending()
			}
			if r.ID == "" {
				for _, m := range r.Minions {
					if !expected[m] {
						expected[m] = true
						j.minions = append(j.minions, m)
					}
				}
				continue
			}
			returned[r.ID] = true
			onRet(r)
		case <-timer.C:
			if len(pending()) == 0 {
				continue // only syndic_wait is left
			}
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

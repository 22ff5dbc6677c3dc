// Package localclient is LocalClient of the double: the salt and salt-run
// CLIs and salt-api reach the master on this host through its unix socket
// <sock_dir>/workers.ipc to publish jobs, collect returns, watch the event
// bus and fire events.
package localclient

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

// NoMasterText is SaltClientError's text when the local master is down.
const NoMasterText = "The salt master could not be contacted. Is master running?"

// ErrNoMaster is returned when the master socket does not answer.
var ErrNoMaster = errors.New(NoMasterText)

// Client talks to the master on this host.
type Client struct {
	Sock    string
	Timeout time.Duration // -t / master timeout
	Gather  time.Duration // gather_job_timeout
	// SyndicWait is syndic_wait on a master of masters (order_masters),
	// else 0: collection never ends before it has passed, and the find_job
	// wait is extended by it (§4.2, §6.2 step 6).
	SyndicWait time.Duration
}

// New builds a client from master options.
func New(opts config.Opts, timeout time.Duration) *Client {
	c := &Client{
		Sock:    SocketPath(opts),
		Timeout: timeout,
		Gather:  opts.Seconds("gather_job_timeout", 10),
	}
	if opts.Bool("order_masters") {
		c.SyndicWait = opts.Seconds("syndic_wait", 5)
		c.Gather += c.SyndicWait
	}
	return c
}

// SocketPath is <sock_dir>/workers.ipc.
func SocketPath(opts config.Opts) string {
	return filepath.Join(opts.Str("sock_dir"), master.SocketName)
}

// Job is a published job whose returns arrive on Rets.
type Job struct {
	Jid     string
	Minions []string
	Rets    chan wire.Return
	conn    *wire.Conn
}

// Close hangs up; the master stops streaming returns.
func (j *Job) Close() { j.conn.Close() }

func (c *Client) dial() (*wire.Conn, error) {
	conn, err := wire.Dial("unix", c.Sock, 5*time.Second)
	if err != nil {
		return nil, ErrNoMaster
	}
	return conn, nil
}

// Publish sends a job; with no matching minion Minions is empty.
func (c *Client) Publish(ctx context.Context, req wire.LocalRequest) (*Job, error) {
	conn, err := c.dial()
	if err != nil {
		return nil, err
	}
	req.Cmd = wire.LocalPublish
	if req.To == 0 {
		req.To = int(c.Timeout / time.Second)
	}
	if req.User == "" {
		req.User = "root"
	}
	var reply wire.LocalReply
	if err := conn.Request(req, &reply, 30*time.Second); err != nil {
		conn.Close()
		return nil, ErrNoMaster
	}
	if reply.Error != "" {
		conn.Close()
		return nil, errors.New(reply.Error)
	}
	j := &Job{Jid: reply.Jid, Minions: reply.Minions, Rets: make(chan wire.Return, 256), conn: conn}
	go func() {
		defer close(j.Rets)
		for {
			var r wire.Return
			if err := conn.Recv(&r); err != nil {
				return
			}
			j.Rets <- r
		}
	}()
	context.AfterFunc(ctx, func() { conn.Close() })
	return j, nil
}

// Collect waits for the job's returns like LocalClient.get_iter_returns:
// after Timeout the silent minions are asked saltutil.find_job; those
// still running extend the wait, otherwise collection ends.
// onRet is called for every return in arrival order — twice for a minion
// that returned twice (get_iter_returns yields every return event, which is
// how a syndic topology with failed dedup shows a minion twice, §6.3).
// Expected-minion events forwarded by syndics extend j.Minions (set union).
func (c *Client) Collect(ctx context.Context, j *Job, onRet func(wire.Return)) (missing []string) {
	returned := map[string]bool{}
	expected := map[string]bool{}
	for _, m := range j.Minions {
		expected[m] = true
	}
	pending := func() []string {
		var out []string
		for _, m := range j.Minions {
			if !returned[m] {
				out = append(out, m)
			}
		}
		return out
	}
	timer := time.NewTimer(c.Timeout)
	defer timer.Stop()
	// syndicWait holds collection open after the last expected return so
	// that slower syndics can still announce their minions.
	var syndicWait <-chan time.Time
	if c.SyndicWait > 0 {
		w := time.NewTimer(c.SyndicWait)
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
		case r, ok := <-j.Rets:
			if !ok {
				return pending()
			}
			if r.ID == "" {
				for _, m := range r.Minions {
					if !expected[m] {
						expected[m] = true
						j.Minions = append(j.Minions, m)
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
			go func(ids []string) { findDone <- c.anyRunning(ctx, j.Jid, ids) }(pending())
		case running := <-findDone:
			findDone = nil
			if !running {
				return pending()
			}
			timer.Reset(c.Timeout)
		}
	}
	return nil
}

// anyRunning publishes saltutil.find_job to ids and waits gather_job_timeout.
func (c *Client) anyRunning(ctx context.Context, jid string, ids []string) bool {
	fj, err := c.Publish(ctx, wire.LocalRequest{Tgt: ToAnyList(ids), TgtType: "list", Fun: "saltutil.find_job", Arg: []any{jid}})
	if err != nil {
		return false
	}
	defer fj.Close()
	deadline := time.After(c.Gather)
	seen := 0
	for seen < len(fj.Minions) {
		select {
		case r, ok := <-fj.Rets:
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

// ToAnyList converts ids to a JSON list target.
func ToAnyList(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

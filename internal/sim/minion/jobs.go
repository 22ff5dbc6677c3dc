package minion

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"sync"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/modules"
	"github.com/saltlab/saltlab/internal/sim/signin"
	"github.com/saltlab/saltlab/internal/sim/target"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

type pubDelivery struct {
	pub  wire.Publication
	sess *signin.Session
}

// runningJobs backs saltutil.find_job.
type runningJobs struct {
	mu   sync.Mutex
	jobs map[string]wire.Publication
}

func newRunningJobs() *runningJobs { return &runningJobs{jobs: map[string]wire.Publication{}} }

func (r *runningJobs) add(p wire.Publication) {
	r.mu.Lock()
	r.jobs[p.Jid] = p
	r.mu.Unlock()
}

func (r *runningJobs) done(jid string) {
	r.mu.Lock()
	delete(r.jobs, jid)
	r.mu.Unlock()
}

func (r *runningJobs) find(jid string) *jsonout.Map {
	r.mu.Lock()
	defer r.mu.Unlock()
	p, ok := r.jobs[jid]
	if !ok {
		return nil
	}
	return jsonout.NewMap().Set("fun", p.Fun).Set("arg", p.Arg).Set("jid", p.Jid).Set("tgt", p.Tgt).Set("tgt_type", p.TgtType).Set("pid", os.Getpid())
}

// handlePublication is _handle_payload + _handle_decoded_payload: target
// check, jid dedup through the process-wide queue, then run the job.
func (mn *Minion) handlePublication(ctx context.Context, d pubDelivery) {
	p := d.pub
	if !target.Match(p.Tgt, p.TgtType, mn.mgr.id) {
		return
	}
	if !mn.mgr.jids.admit(p.Jid) {
		mn.log.Logf(5, "Started JIDs: already seen %s", p.Jid)
		return
	}
	mn.log.Infof("User %s Executing command %s with jid %s", p.User, p.Fun, p.Jid)
	opts := mn.opts.Copy()
	mn.jobs.add(p)
	go func() {
		defer mn.jobs.done(p.Jid)
		mn.runJob(ctx, opts, d.sess, p)
	}()
}

func (mn *Minion) runJob(ctx context.Context, opts config.Opts, sess *signin.Session, p wire.Publication) {
	env := modules.Env{Opts: opts, Grains: mn.mgr.grains, FindJob: mn.jobs.find, FireMaster: mn.mgr.FireMaster, Master: mn.channel(opts, sess), Release: mn.mgr.deps.Release}
	res := modules.Run(ctx, env, p.Fun, p.Arg)
	retcode := res.JobRetcode()
	raw, err := json.Marshal(res.Return)
	if err != nil {
		raw = json.RawMessage(`"` + err.Error() + `"`)
	}
	ret := wire.Return{ID: mn.mgr.id, Jid: p.Jid, Fun: p.Fun, FunArgs: p.Arg, Return: raw, Retcode: retcode, Success: retcode == 0}
	mn.sendReturn(ctx, opts, sess, ret)
	// §1.5 (INFER from SRC): the return travels over the minion event bus
	// tagged with the master's host string, and every other Minion whose
	// opts["master"] is that same host forwards it over its own channel, so
	// two masters behind one host (different ports) both get every return.
	for _, other := range mn.mgr.sameHost(mn, sess.Host) {
		other.sendReturn(ctx, other.opts.Copy(), other.session(), ret)
	}
}

// sendReturn retries like return_retry_tries; returns only ever go to the
// master that published the job (§1.13).
func (mn *Minion) sendReturn(ctx context.Context, opts config.Opts, sess *signin.Session, ret wire.Return) {
	tries := opts.Int("return_retry_tries", 3)
	timeout := opts.Seconds("return_retry_timer", 5)
	for i := 0; i < max(tries, 1); i++ {
		s := *sess
		if cur := mn.session(); cur != nil && cur.Host == sess.Host {
			s.AES = cur.AES
		}
		err := s.SendReturn(ctx, mn.mgr.id, ret, timeout)
		if err == nil {
			return
		}
		if errors.Is(err, signin.ErrBadKey) {
			_ = mn.reauth(ctx)
			continue
		}
		if ctx.Err() != nil {
			return
		}
	}
	mn.log.Warnf("The minion failed to return the job information for job %s. This is often due to the master being shut down or overloaded. If the master is running, consider increasing the worker_threads value.", ret.Jid)
}

// channel serves pillar.* and cp.* from the master that published the job.
func (mn *Minion) channel(opts config.Opts, sess *signin.Session) *signin.Channel {
	return &signin.Channel{Sess: sess, ID: mn.mgr.id, Timeout: opts.Seconds("return_retry_timer", 5), Grains: mn.mgr.grains, Current: mn.session, Reauth: mn.reauth}
}

package syndic

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/signin"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// reconnectDelay is ZeroMQ's recon_default, as for minions.
const reconnectDelay = time.Second

// upstream is one Syndic object: the connection to one master of masters
// and the returns and events waiting to be forwarded to it.
type upstream struct {
	s    *Syndic
	opts config.Opts
	ev   *signin.Evaluator

	mu     sync.Mutex
	sess   *signin.Session
	reauth *signin.Authenticator
	buf    wire.SyndicForward
}

func (s *Syndic) newUpstream(entry string) *upstream {
	o := s.opts.Copy()
	o["master"] = entry
	log := s.deps.Log
	auth := &signin.Authenticator{ID: s.id, Keys: s.keys, Opts: o, Log: log, Sleep: signin.SleepCtx,
		RejectDelay: s.deps.RejectDelay, MasterPubName: "syndic_master.pub"}
	return &upstream{s: s, opts: o,
		ev: &signin.Evaluator{Opts: o, Auth: auth, Resolver: s.deps.Resolver, Log: log, Sleep: signin.SleepCtx, Probe: s.deps.Probe}}
}

func (u *upstream) host() string {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.sess == nil {
		return ""
	}
	return u.sess.Host
}

// run signs in (retrying like SyndicManager._connect_syndic), then
// subscribes and forwards until ctx ends.
func (u *upstream) run(ctx context.Context) int {
	log := u.s.deps.Log
	wait := u.opts.Seconds("acceptance_wait_time", 10)
	var sess *signin.Session
	for sess == nil {
		var err error
		sess, err = u.ev.Eval(ctx, false, false)
		var exit *signin.ExitError
		switch {
		case err == nil:
		case errors.As(err, &exit):
			log.Errorf("%s", exit.Msg)
			return exit.Code
		case ctx.Err() != nil:
			return 0
		default:
			log.Errorf("Error while bringing up syndic for multi-syndic. Is the master at %s responding?", u.opts.Str("master"))
			if signin.SleepCtx(ctx, wait) != nil {
				return 0
			}
		}
	}
	a := *u.ev.Auth
	a.Opts = u.opts.Copy()
	u.mu.Lock()
	u.sess, u.reauth = sess, &a
	u.mu.Unlock()
	log.Infof("Syndic successfully connected to %s", sess.Host)
	go u.forwardLoop(ctx)
	for ctx.Err() == nil {
		err := sess.Subscribe(ctx, u.s.id, u, log, func(p wire.Publication) error {
			go u.s.republish(ctx, u, p)
			return nil
		})
		if err != nil && ctx.Err() == nil {
			log.Debugf("Publish connection to %s: %v", sess.PubAddr(), err)
		}
		if signin.SleepCtx(ctx, reconnectDelay) != nil {
			break
		}
	}
	return 0
}

// AESKey implements signin.Subscriber.
func (u *upstream) AESKey() []byte {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.sess.AES
}

// Reauth implements signin.Subscriber: sign in again after a key rotation.
func (u *upstream) Reauth(ctx context.Context) error {
	u.mu.Lock()
	cur, a := u.sess, u.reauth
	u.mu.Unlock()
	sess, err := a.SignIn(ctx, cur.Host, cur.IP, cur.RetPort)
	if err != nil {
		return err
	}
	u.mu.Lock()
	u.sess = sess
	u.mu.Unlock()
	return nil
}

func (u *upstream) queueReturn(r wire.Return) {
	u.mu.Lock()
	u.buf.Returns = append(u.buf.Returns, r)
	u.mu.Unlock()
}

func (u *upstream) queueEvent(ev wire.SyndicEvent) {
	u.mu.Lock()
	u.buf.Events = append(u.buf.Events, ev)
	u.mu.Unlock()
}

// forwardLoop sends what accumulated every syndic_event_forward_timeout
// (SyndicManager._forward_events). A failed send keeps the batch for the
// next tick, like Salt's delayed list in _return_pub_syndic.
func (u *upstream) forwardLoop(ctx context.Context) {
	t := time.NewTicker(u.opts.Seconds("syndic_event_forward_timeout", 0.5))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			u.flush(ctx)
		}
	}
}

func (u *upstream) flush(ctx context.Context) {
	u.mu.Lock()
	batch := u.buf
	u.buf = wire.SyndicForward{}
	sess := *u.sess
	u.mu.Unlock()
	if len(batch.Returns) == 0 && len(batch.Events) == 0 {
		return
	}
	err := u.send(ctx, &sess, batch)
	if errors.Is(err, signin.ErrBadKey) && u.Reauth(ctx) == nil {
		u.mu.Lock()
		sess = *u.sess
		u.mu.Unlock()
		err = u.send(ctx, &sess, batch)
	}
	if err == nil {
		return
	}
	u.s.deps.Log.Warnf("Unable to forward returns to master of masters %s: %v", sess.Host, err)
	u.mu.Lock()
	u.buf.Returns = append(batch.Returns, u.buf.Returns...)
	u.buf.Events = append(batch.Events, u.buf.Events...)
	u.mu.Unlock()
}

func (u *upstream) send(ctx context.Context, sess *signin.Session, fwd wire.SyndicForward) error {
	timeout := u.opts.Seconds("return_retry_timer", 5)
	return sess.Send(ctx, wire.CmdSyndicReturn, u.s.id, fwd, timeout)
}

package minion

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/signin"
)

// Minion is one salt.minion.Minion object: a connection to one master at a time.
type Minion struct {
	mgr    *Manager
	opts   config.Opts
	log    *saltlog.Logger
	ev     *signin.Evaluator
	events chan event
	pubs   chan pubDelivery
	// fatal carries a sys.exit raised off the run goroutine: a
	// re-authentication after an AES rotation that the master rejects.
	fatal chan error
	sched *schedule
	// label and fireTimeout are read by event senders on other goroutines;
	// opts itself is rewritten by eval_master on the run goroutine.
	label       string
	fireTimeout time.Duration

	mu        sync.Mutex
	sess      *signin.Session
	connected bool
	subStop   context.CancelFunc
	// reauthWith signs in again from the subscriber goroutine; it holds an
	// opts snapshot because eval_master mutates opts on the run goroutine.
	reauthWith *signin.Authenticator
	jobs       *runningJobs
}

func (m *Manager) newMinion(o config.Opts) *Minion {
	log := m.deps.Log
	auth := &signin.Authenticator{ID: m.id, Keys: m.keys, Opts: o, Log: log, Sleep: signin.SleepCtx, RejectDelay: m.deps.RejectDelay}
	return &Minion{
		mgr: m, opts: o, log: log,
		ev:     &signin.Evaluator{Opts: o, Auth: auth, Resolver: m.deps.Resolver, Log: log, Sleep: signin.SleepCtx, Probe: m.deps.Probe, Loop: &m.loop},
		events: m.bus.subscribe(),
		pubs:   make(chan pubDelivery, 64),
		fatal:  make(chan error, 1),
		sched:  newSchedule(),
		jobs:   newRunningJobs(),

		label:       fmt.Sprint(masterRepr(o)),
		fireTimeout: o.Seconds("return_retry_timer", 5),
	}
}

func (mn *Minion) currentMaster() string {
	mn.mu.Lock()
	defer mn.mu.Unlock()
	if !mn.connected || mn.sess == nil {
		return ""
	}
	return mn.sess.Host
}

// run is _connect_minion followed by tune_in.
func (mn *Minion) run(ctx context.Context) error {
	defer mn.sched.stopAll()
	sess, err := mn.connect(ctx)
	if err != nil {
		return err
	}
	mn.tuneIn(ctx, sess)
	mn.log.Infof("Minion is ready to receive requests!")
	go mn.fireStart(ctx)
	for {
		select {
		case <-ctx.Done():
			mn.stopSubscriber()
			return ctx.Err()
		case err := <-mn.fatal:
			mn.stopSubscriber()
			return err
		case d := <-mn.pubs:
			mn.mgr.loopTurn()
			mn.handlePublication(ctx, d)
		case ev := <-mn.events:
			mn.mgr.loopTurn()
			if err := mn.handleEvent(ctx, ev); err != nil {
				mn.stopSubscriber()
				return err
			}
		}
	}
}

// connect retries eval_master forever at startup, waiting auth_wait between
// failures (MinionManager._connect_minion).
func (mn *Minion) connect(ctx context.Context) (*signin.Session, error) {
	step := mn.opts.Seconds("acceptance_wait_time", 10)
	max := mn.opts.Seconds("acceptance_wait_time_max", 0)
	wait := step
	for {
		mn.mgr.loopTurn()
		sess, err := mn.ev.Eval(ctx, false, false)
		if err == nil {
			return sess, nil
		}
		var exit *signin.ExitError
		if errors.As(err, &exit) || ctx.Err() != nil {
			return nil, err
		}
		if errors.Is(err, signin.ErrMasterDisabled) {
			<-ctx.Done()
			return nil, ctx.Err()
		}
		mn.log.Errorf("Error while bringing up minion for multi-master. Is master at %v responding? The error message was %v", masterRepr(mn.opts), err)
		if wait < max {
			wait += step
		}
		if err := signin.SleepCtx(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// tuneIn records the session, subscribes to the publish port and arms the
// alive and failback schedule jobs (_post_master_init).
func (mn *Minion) tuneIn(ctx context.Context, sess *signin.Session) {
	a := *mn.ev.Auth
	a.Opts = mn.opts.Copy()
	mn.mu.Lock()
	mn.sess = sess
	mn.connected = true
	mn.reauthWith = &a
	mn.mu.Unlock()
	mn.startSubscriber(ctx, sess)
	mn.compilePillar(ctx, sess)
	if iv := mn.opts.Seconds("master_alive_interval", 0); iv > 0 && mn.opts.Str("transport") != "tcp" {
		mn.sched.set(ctx, "__master_alive_"+sess.Host, iv, mn.aliveJob(sess.Host, true))
	}
	mn.armFailback(ctx, sess.Host)
}

func (mn *Minion) armFailback(ctx context.Context, host string) {
	if !mn.opts.Bool("master_failback") || !mn.opts.Has("master_list") {
		return
	}
	list := mn.opts.List("master_list")
	if len(list) == 0 || list[0] == host {
		mn.sched.remove(tagFailback)
		return
	}
	iv := mn.opts.Seconds("master_failback_interval", 0)
	if iv <= 0 {
		return
	}
	mn.sched.set(ctx, tagFailback, iv, mn.failbackJob(list[0]))
}

func masterRepr(o config.Opts) any {
	if o.IsList("master") {
		return o.List("master")
	}
	return o.Str("master")
}

func (mn *Minion) session() *signin.Session {
	mn.mu.Lock()
	defer mn.mu.Unlock()
	return mn.sess
}

// reauth signs in again to the current master after a key rotation.
func (mn *Minion) reauth(ctx context.Context) error {
	mn.mu.Lock()
	cur, auth := mn.sess, mn.reauthWith
	mn.mu.Unlock()
	if cur == nil || auth == nil {
		return errors.New("reauth: not connected")
	}
	sess, err := auth.SignIn(ctx, cur.Host, cur.IP, cur.RetPort)
	var exit *signin.ExitError
	if errors.As(err, &exit) {
		// Salt's sys.exit in handle_signin_response is a SystemExit, which
		// the io_loop does not catch: the whole process ends (77 for a
		// rejected key), every master's connection with it.
		select {
		case mn.fatal <- err:
		default:
		}
	}
	if err != nil {
		return err
	}
	mn.mu.Lock()
	if mn.sess == cur {
		mn.sess = sess // sessions are immutable; readers may hold the old one
	}
	mn.mu.Unlock()
	return nil
}

func (mn *Minion) aesKey() []byte {
	mn.mu.Lock()
	defer mn.mu.Unlock()
	if mn.sess == nil {
		return nil
	}
	return mn.sess.AES
}

// sleepJitter waits where ZeroMQ would wait recon_default (+ random up to
// recon_max); the double leaves the jitter out to keep timings predictable.
func sleepJitter(ctx context.Context, d time.Duration) error { return signin.SleepCtx(ctx, d) }

// compilePillar asks the new master for this minion's pillar as
// _post_master_init does; the request also feeds the master's minion data
// cache (grains), which `[Not connected]` classification relies on. The
// double does not keep the result: pillar.* asks the master each time.
func (mn *Minion) compilePillar(ctx context.Context, sess *signin.Session) {
	if _, err := mn.channel(mn.opts, sess).Pillar(ctx); err != nil && ctx.Err() == nil {
		mn.log.Errorf("Failed to compile the pillar from master %s: %v", sess.Host, err)
	}
}

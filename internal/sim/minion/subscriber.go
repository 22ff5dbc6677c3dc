package minion

import (
	"context"
	"errors"
	"time"

	"github.com/saltlab/saltlab/internal/sim/signin"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// reconnectDelay imitates ZeroMQ's recon_default (1 s): a SUB socket whose
// peer vanished silently keeps reconnecting; only status.master notices.
const reconnectDelay = time.Second

// startSubscriber keeps one TCP connection to the master's publish port.
func (mn *Minion) startSubscriber(ctx context.Context, sess *signin.Session) {
	sctx, stop := context.WithCancel(ctx)
	mn.mu.Lock()
	mn.subStop = stop
	mn.mu.Unlock()
	go mn.subscribe(sctx, sess)
}

func (mn *Minion) stopSubscriber() {
	mn.mu.Lock()
	stop := mn.subStop
	mn.subStop = nil
	mn.mu.Unlock()
	if stop != nil {
		stop()
	}
}

func (mn *Minion) subscribe(ctx context.Context, sess *signin.Session) {
	for ctx.Err() == nil {
		if err := mn.subscribeOnce(ctx, sess); err != nil && ctx.Err() == nil {
			mn.log.Debugf("Publish connection to %s: %v", sess.PubAddr(), err)
			if errors.Is(err, signin.ErrPubDisconnected) && mn.monitorsPub() {
				mn.pubDisconnected()
			}
		}
		if sleepJitter(ctx, reconnectDelay) != nil {
			return
		}
	}
}

// monitorsPub says whether this minion runs ZeroMQ's socket monitor on its
// publish connection: the release has it and zmq_monitor is on
// (simver.Release.MonitorsPubDisconnect).
func (mn *Minion) monitorsPub() bool {
	if !mn.mgr.deps.Release.MonitorsPubDisconnect() {
		return false
	}
	// Unset is the release's default, True (the CLI sets it from the
	// release; tests may leave it out).
	return !mn.opts.Has("zmq_monitor") || mn.opts.Bool("zmq_monitor")
}

// pubDisconnected is AsyncPubChannel.disconnect_callback on the monitor's
// EVENT_DISCONNECTED: __master_disconnected for the Minion's current
// master, which handle_event then acts on as it does on the alive check's.
// No name is resolved, so a stopped master whose name is gone is left all
// the same.
func (mn *Minion) pubDisconnected() {
	mn.mu.Lock()
	master := mn.opts.Str("master")
	mn.mu.Unlock()
	mn.log.Debugf("ZeroMQ event: EVENT_DISCONNECTED; firing %s for master %s", tagDisconnected, master)
	mn.mgr.bus.fire(event{Tag: tagDisconnected, Master: master})
}

func (mn *Minion) subscribeOnce(ctx context.Context, sess *signin.Session) error {
	return sess.Subscribe(ctx, mn.mgr.id, subscriber{mn}, mn.log, func(pub wire.Publication) error {
		select {
		case mn.pubs <- pubDelivery{pub: pub, sess: sess}:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
}

// subscriber adapts a Minion to signin.Subscriber.
type subscriber struct{ mn *Minion }

func (s subscriber) AESKey() []byte                   { return s.mn.aesKey() }
func (s subscriber) Reauth(ctx context.Context) error { return s.mn.reauth(ctx) }

package minion

import (
	"context"
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
		}
		if sleepJitter(ctx, reconnectDelay) != nil {
			return
		}
	}
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

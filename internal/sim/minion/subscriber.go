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
		}
		if sleepJitter(ctx, reconnectDelay) != nil {
			return
		}
	}
}

func (mn *Minion) subscribeOnce(ctx context.Context, sess *signin.Session) error {
	c, err := wire.Dial("tcp", sess.PubAddr(), 5*time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	id := mn.mgr.id
	proof, err := wire.Seal(mn.aesKey(), map[string]string{"id": id})
	if err != nil {
		return err
	}
	if err := c.Send(wire.PubFrame{ID: id, Data: proof}); err != nil {
		return err
	}
	for {
		var f wire.PubFrame
		if err := c.Recv(&f); err != nil {
			return err
		}
		if f.ID == "reauth" {
			// The master restarted with a new AES key.
			return mn.reauth(ctx)
		}
		var pub wire.Publication
		err := wire.Open(mn.aesKey(), f.Data, &pub)
		if errors.Is(err, wire.ErrDecrypt) {
			if rerr := mn.reauth(ctx); rerr == nil {
				err = wire.Open(mn.aesKey(), f.Data, &pub)
			}
			if err != nil {
				mn.log.Errorf("Payload decryption failed even after re-authenticating with master %s", sess.IP)
				continue
			}
		}
		if err != nil {
			continue
		}
		select {
		case mn.pubs <- pubDelivery{pub: pub, sess: sess}:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

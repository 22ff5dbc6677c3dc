package signin

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/sim/wire"
)

// Subscriber is what a publish-port subscription needs from its owner (a
// Minion object or a syndic): the current session key and re-authentication.
type Subscriber interface {
	AESKey() []byte
	Reauth(ctx context.Context) error
}

// Subscribe holds one publish-port connection of s for id and hands every
// decrypted publication to deliver until the connection or ctx ends. A
// payload the current key cannot open triggers one re-authentication (the
// master restarted), as Salt's AES rotation handling does.
// ErrPubDisconnected is a publish connection that was established and
// then lost (the master closed it or went away): what ZeroMQ's socket
// monitor reports as EVENT_DISCONNECTED. A dial that fails is not one.
var ErrPubDisconnected = errors.New("publish connection lost")

func (s *Session) Subscribe(ctx context.Context, id string, sub Subscriber, log interface{ Errorf(string, ...any) }, deliver func(wire.Publication) error) error {
	c, err := wire.Dial("tcp", s.PubAddr(), 5*time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	proof, err := wire.Seal(sub.AESKey(), map[string]string{"id": id})
	if err != nil {
		return err
	}
	if err := c.Send(wire.PubFrame{ID: id, Data: proof}); err != nil {
		return err
	}
	for {
		var f wire.PubFrame
		if err := c.Recv(&f); err != nil {
			if ctx.Err() != nil {
				return err
			}
			return fmt.Errorf("%w: %w", ErrPubDisconnected, err)
		}
		if f.ID == "reauth" {
			// The master restarted with a new AES key.
			return sub.Reauth(ctx)
		}
		var pub wire.Publication
		err := wire.Open(sub.AESKey(), f.Data, &pub)
		if errors.Is(err, wire.ErrDecrypt) {
			if rerr := sub.Reauth(ctx); rerr == nil {
				err = wire.Open(sub.AESKey(), f.Data, &pub)
			}
			if err != nil {
				log.Errorf("Payload decryption failed even after re-authenticating with master %s", s.IP)
				continue
			}
		}
		if err != nil {
			continue
		}
		if err := deliver(pub); err != nil {
			return err
		}
	}
}

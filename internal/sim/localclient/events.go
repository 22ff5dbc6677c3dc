package localclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/sim/events"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// Events subscribes to the master event bus. The channel closes when ctx
// ends or the master goes away.
func (c *Client) Events(ctx context.Context) (<-chan events.Event, error) {
	conn, err := c.dial()
	if err != nil {
		return nil, err
	}
	var reply wire.LocalReply
	if err := conn.Request(wire.LocalRequest{Cmd: wire.LocalEvents}, &reply, 30*time.Second); err != nil {
		conn.Close()
		return nil, ErrNoMaster
	}
	if reply.Error != "" {
		conn.Close()
		return nil, errors.New(reply.Error)
	}
	ch := make(chan events.Event, 256)
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	go func() {
		defer close(ch)
		defer stop()
		defer conn.Close()
		for {
			var ev events.Event
			if err := conn.Recv(&ev); err != nil {
				return
			}
			select {
			case ch <- ev:
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch, nil
}

// Fire fires tag with data (a JSON object) on the master event bus.
func (c *Client) Fire(tag string, data any) error {
	conn, err := c.dial()
	if err != nil {
		return err
	}
	defer conn.Close()
	raw, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("encode event data: %w", err)
	}
	var reply wire.LocalReply
	if err := conn.Request(wire.LocalRequest{Cmd: wire.LocalFire, Tag: tag, Data: raw}, &reply, 10*time.Second); err != nil {
		return ErrNoMaster
	}
	if reply.Error != "" {
		return errors.New(reply.Error)
	}
	return nil
}

// Watch is Events with auto_reconnect (SaltEvent.iter_events): the first
// subscription must succeed; after a master restart it subscribes again
// every retry until ctx ends. Events fired while no subscription exists
// are lost, as on Salt's bus.
func (c *Client) Watch(ctx context.Context, retry time.Duration) (<-chan events.Event, error) {
	first, err := c.Events(ctx)
	if err != nil {
		return nil, err
	}
	out := make(chan events.Event, 256)
	go func() {
		defer close(out)
		ch := first
		for {
			for ev := range ch {
				select {
				case out <- ev:
				case <-ctx.Done():
					return
				}
			}
			for {
				select {
				case <-ctx.Done():
					return
				case <-time.After(retry):
				}
				if ch, err = c.Events(ctx); err == nil {
					break
				}
			}
		}
	}()
	return out, nil
}

// FireKey fires salt.key.Key's event for act (accept, reject, delete) on
// minion id's key on the master bus (salt/key), as salt-key does.
func (c *Client) FireKey(act, id string) error {
	return c.Fire(events.KeyTag, events.KeyData(act, id))
}

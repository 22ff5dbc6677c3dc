package signin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/sim/wire"
)

// ErrBadKey means the master no longer accepts our AES key (it restarted);
// the caller re-authenticates and retries, like Salt's AES rotation handling.
var ErrBadKey = errors.New("master refused the session key")

// SendReturn delivers one job return over the ret port (AESFuncs._return).
func (s *Session) SendReturn(ctx context.Context, id string, ret wire.Return, timeout time.Duration) error {
	return s.Send(ctx, wire.CmdReturn, id, ret, timeout)
}

// Send delivers one AES-sealed request (cmd) for id over the ret port.
func (s *Session) Send(ctx context.Context, cmd, id string, load any, timeout time.Duration) error {
	data, err := wire.Seal(s.AES, load)
	if err != nil {
		return err
	}
	c, err := wire.Dial("tcp", s.RetAddr(), timeout)
	if err != nil {
		return err
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	var reply map[string]any
	if err := c.Request(wire.Request{Cmd: cmd, ID: id, Data: data}, &reply, timeout); err != nil {
		return fmt.Errorf("send %s: %w", cmd, err)
	}
	switch reply["error"] {
	case nil:
		return nil
	case "bad key":
		return ErrBadKey
	default:
		return fmt.Errorf("send %s: master said %v", cmd, reply["error"])
	}
}

// Ping sends a clear ping to a master's ret port (status.ping_master).
func Ping(ctx context.Context, addr string, timeout time.Duration) bool {
	c, err := wire.Dial("tcp", addr, timeout)
	if err != nil {
		return false
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	var reply map[string]json.RawMessage
	return c.Request(wire.Request{Cmd: wire.CmdPing}, &reply, timeout) == nil
}

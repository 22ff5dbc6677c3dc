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

// aesRequest sends one AES-sealed request to the ret port and returns the
// raw reply fields.
func (s *Session) aesRequest(ctx context.Context, id, cmd string, load any, timeout time.Duration) (map[string]json.RawMessage, error) {
	data, err := wire.Seal(s.AES, load)
	if err != nil {
		return nil, err
	}
	c, err := wire.Dial("tcp", s.RetAddr(), timeout)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	var reply map[string]json.RawMessage
	if err := c.Request(wire.Request{Cmd: cmd, ID: id, Data: data}, &reply, timeout); err != nil {
		return nil, fmt.Errorf("send %s: %w", cmd, err)
	}
	if raw, ok := reply["error"]; ok {
		var msg string
		_ = json.Unmarshal(raw, &msg)
		if msg == "bad key" {
			return nil, ErrBadKey
		}
		return nil, fmt.Errorf("send %s: master said %s", cmd, msg)
	}
	return reply, nil
}

// SendReturn delivers one job return over the ret port (AESFuncs._return).
func (s *Session) SendReturn(ctx context.Context, id string, ret wire.Return, timeout time.Duration) error {
	return s.Send(ctx, wire.CmdReturn, id, ret, timeout)
}

// Send delivers one AES-sealed request (cmd) for id over the ret port and
// ignores the answer beyond its error.
func (s *Session) Send(ctx context.Context, cmd, id string, load any, timeout time.Duration) error {
	_, err := s.aesRequest(ctx, id, cmd, load, timeout)
	return err
}

// Call sends an AES-sealed request (pillar, file server) and opens the
// sealed answer into out.
func (s *Session) Call(ctx context.Context, id, cmd string, load, out any, timeout time.Duration) error {
	reply, err := s.aesRequest(ctx, id, cmd, load, timeout)
	if err != nil {
		return err
	}
	var sealed []byte
	if err := json.Unmarshal(reply["data"], &sealed); err != nil {
		return fmt.Errorf("decode %s reply: %w", cmd, err)
	}
	return wire.Open(s.AES, sealed, out)
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

package signin

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/sim/wire"
)

// FireEvent sends one event to this session's master over the ret port
// (Minion._fire_master → AESFuncs._minion_event).
func (s *Session) FireEvent(ctx context.Context, id, tag string, data any, timeout time.Duration) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("encode event data: %w", err)
	}
	load := wire.MinionEvent{ID: id, Cmd: wire.CmdMinionEvent, Data: raw, Tag: tag}
	sealed, err := wire.Seal(s.AES, load)
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
	if err := c.Request(wire.Request{Cmd: wire.CmdMinionEvent, ID: id, Data: sealed}, &reply, timeout); err != nil {
		return fmt.Errorf("fire event: %w", err)
	}
	switch reply["error"] {
	case nil:
		return nil
	case "bad key":
		return ErrBadKey
	default:
		return fmt.Errorf("fire event: master said %v", reply["error"])
	}
}

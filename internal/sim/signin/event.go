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
	return s.Send(ctx, wire.CmdMinionEvent, id, load, timeout)
}

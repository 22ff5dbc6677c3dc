package client

import (
	"context"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// Keys runs `salt-key -L` on master and records it (history.KeysValue).
func (c Client) Keys(ctx context.Context, master string, budget time.Duration) (saltout.KeyList, Outcome) {
	var keys saltout.KeyList
	o := c.Record(ctx, master, "", SaltKey("-L"), budget, func(out Output) Outcome {
		var err error
		if keys, err = saltout.ParseKeyList(out.Stdout); err != nil {
			return Failed(nil, "exit %d, %s: %v", out.ExitCode, LastLine(out.Stderr), err)
		}
		return Succeeded(history.KeysValue{Keys: map[string][]string{"accepted": keys.Accepted,
			"pending": keys.Pending, "rejected": keys.Rejected, "denied": keys.Denied}})
	})
	return keys, o
}

// KeyAction runs `salt-key -a|-d|-r <id>` on master and records it (as
// history.KeyActionOp(action), target the minion id). salt-key exits 0
// even when the glob matches nothing (§4.1), so ok only says it ran; what
// it changed is judged from the key lists recorded around it.
func (c Client) KeyAction(ctx context.Context, master, action, id string, budget time.Duration) Outcome {
	return c.Record(ctx, master, id, SaltKeyAction(action, id), budget, func(out Output) Outcome {
		if out.ExitCode != 0 {
			return Failed(nil, "exit %d: %s", out.ExitCode, LastLine(out.Stderr, out.Stdout))
		}
		return Succeeded(map[string]string{"said": LastLine(out.Stdout)})
	})
}

// Fingers runs `salt-key -F` on master and records its local keys'
// fingerprints (history.FingersValue).
func (c Client) Fingers(ctx context.Context, master string, budget time.Duration) Outcome {
	return c.Record(ctx, master, "", SaltKey("-F"), budget, func(out Output) Outcome {
		local, err := saltout.ParseLocalFingers(out.Stdout)
		if err != nil {
			return Failed(nil, "exit %d, %s: %v", out.ExitCode, LastLine(out.Stderr), err)
		}
		return Succeeded(history.FingersValue{Local: local})
	})
}

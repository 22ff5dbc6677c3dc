package client

import (
	"context"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// Keys lists master's minion keys and records the list
// (history.KeysValue). With Opts and a reading of master's options it
// reads the key directories as salt-key -L does (KeyFiles: a shell, not
// a Salt process); otherwise it runs `salt-key -L`.
func (c Client) Keys(ctx context.Context, master string, budget time.Duration) (saltout.KeyList, Outcome) {
	if dir, ok := c.keyDir(ctx, master, budget); ok {
		return c.KeyFiles(ctx, master, dir, budget)
	}
	var keys saltout.KeyList
	o := c.Record(ctx, master, "", SaltKey("-L"), budget, func(out Output) Outcome {
		var err error
		if keys, err = saltout.ParseKeyList(out.Stdout); err != nil {
			return Failed(nil, "exit %d, %s: %v", out.ExitCode, LastLine(out.Stderr), err)
		}
		return Succeeded(keysValue(keys))
	})
	return keys, o
}

func keysValue(keys saltout.KeyList) history.KeysValue {
	return history.KeysValue{Keys: map[string][]string{"accepted": keys.Accepted,
		"pending": keys.Pending, "rejected": keys.Rejected, "denied": keys.Denied}}
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

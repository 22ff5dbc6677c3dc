package modules

import (
	"context"
	"encoding/json"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
)

// eventSend is event.send <tag> [data]: the minion forwards the event to
// every connected master (fire_master). data may be a dict or its JSON/YAML
// flow text from the CLI.
func eventSend(ctx context.Context, env Env, args []any) Result {
	tag, ok := argString(args, 0)
	if !ok || tag == "" {
		return Result{Return: "Passed invalid arguments: event.send() missing 1 required positional argument: 'tag'", Retcode: 1}
	}
	data := any(jsonout.NewMap())
	if len(args) > 1 {
		data = args[1]
		if s, ok := data.(string); ok {
			if v, err := jsonout.Decode([]byte(s)); err == nil {
				data = v
			}
		}
	}
	if m, ok := data.(map[string]any); ok {
		b, _ := json.Marshal(m)
		if v, err := jsonout.Decode(b); err == nil {
			data = v
		}
	}
	if env.FireMaster == nil {
		// INFER: without a minion daemon there is no master connection to forward to.
		return Result{Return: false}
	}
	return Result{Return: env.FireMaster(ctx, tag, data)}
}

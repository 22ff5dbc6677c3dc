package modules

import (
	"context"
	"strings"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
)

// configGet implements config.get: look the key up in opts, then grains,
// traversing nested mappings with ':'; missing → "" (the default default).
// INFER: after sign-in the minion's opts["master"] is the bare host of the
// master it is connected to (salt/minion.py eval_master), so
// `salt-call config.get master` names the serving master.
func configGet(_ context.Context, env Env, args []any) Result {
	key, _ := argString(args, 0)
	def := any("")
	if len(args) > 1 {
		def = args[1]
	}
	if v, ok := lookup(map[string]any(env.Opts), key); ok {
		return Result{Return: v}
	}
	if env.Grains != nil {
		if v, ok := lookupMap(env.Grains, key); ok {
			return Result{Return: v}
		}
	}
	return Result{Return: def}
}

func lookup(m map[string]any, key string) (any, bool) {
	parts := strings.Split(key, ":")
	var cur any = m
	for _, p := range parts {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[p]
			if !ok {
				return nil, false
			}
			cur = v
		case *jsonout.Map:
			v, ok := c.Get(p)
			if !ok {
				return nil, false
			}
			cur = v
		default:
			return nil, false
		}
	}
	return cur, true
}

func lookupMap(m *jsonout.Map, key string) (any, bool) {
	return lookup(map[string]any{"_": m}, "_:"+key)
}

// configItems implements config.items: the options the minion loaded,
// defaults included (salt/modules/config.py items returns __opts__, whose
// grains sit under "grains").
func configItems(_ context.Context, env Env, _ []any) Result {
	out := make(map[string]any, len(env.Opts)+1)
	for k, v := range env.Opts {
		out[k] = v
	}
	if _, ok := out["grains"]; !ok && env.Grains != nil {
		out["grains"] = env.Grains
	}
	return Result{Return: out}
}

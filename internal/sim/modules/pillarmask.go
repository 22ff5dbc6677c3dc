package modules

import (
	"strings"

	"github.com/saltlab/saltlab/internal/sim/jsonout"
	"github.com/saltlab/saltlab/internal/sim/simver"
)

// maskPlaceholder is what Salt 3008 prints for a masked pillar value
// (salt/utils/secret.py REDACT_PLACEHOLDER).
const maskPlaceholder = "**********"

// pillarOutput is Salt 3008's pillar output boundary: pillar.items, .item
// and .get return every non-empty scalar leaf (string, number, true) as
// maskPlaceholder unless called with unmask=True (measured on real
// 3008.4: `salt '*' pillar.items` printed `"port": "**********"`; source
// salt/modules/pillar.py and salt/utils/secret.py serial). Lines before
// 3008 print pillar as it is. 3008's minion option pillar_mask_output
// (False: pillar.items unmasked) is not modelled: the double's option
// list is 3006's, so it refuses the option. It returns what the function's return goes
// through and the call's arguments with a key=value unmask taken out (the
// double passes key=value on as a positional string, where Salt makes it
// a keyword argument).
func pillarOutput(env Env, args []any) (out func(any) any, rest []any) {
	unmask, rest := unmaskArg(args)
	if unmask || env.Release.Line() < simver.Release3008 {
		return func(v any) any { return v }, rest
	}
	return maskValue, rest
}

// unmaskArg finds an unmask=BOOL argument: its value and the other
// arguments.
func unmaskArg(args []any) (unmask bool, rest []any) {
	for _, a := range args {
		s, ok := a.(string)
		if k, val, cut := strings.Cut(s, "="); ok && cut && k == "unmask" {
			unmask = strings.EqualFold(val, "true")
			continue
		}
		rest = append(rest, a)
	}
	return unmask, rest
}

// maskValue replaces every truthy scalar leaf with maskPlaceholder, as
// salt.utils.secret.serial does: empty strings, zero, false and null
// pass through.
func maskValue(v any) any {
	switch x := v.(type) {
	case *jsonout.Map:
		out := jsonout.NewMap()
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			out.Set(k, maskValue(e))
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = maskValue(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = maskValue(e)
		}
		return out
	case string:
		return maskIf(x != "", x)
	case bool:
		return maskIf(x, x)
	case int:
		return maskIf(x != 0, x)
	case int64:
		return maskIf(x != 0, x)
	case float64:
		return maskIf(x != 0, x)
	}
	return v
}

func maskIf(truthy bool, v any) any {
	if truthy {
		return maskPlaceholder
	}
	return v
}

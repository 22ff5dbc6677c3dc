package runners

import (
	"strconv"
	"strings"

	"github.com/saltlab/saltlab/internal/sim/config"
)

// ConfigGet is salt/runners/config.py get(key, default=”, delimiter=':'):
// salt.utils.data.traverse_dict_and_list(__opts__, key, delimiter=delimiter)
// over the master's loaded options. Salt's runner does not pass default on
// to the traversal, so a missing key returns None (JSON null) whatever
// default says. args are the runner's CLI arguments: the key, then
// optional default=/delimiter= keyword arguments (or positionals).
func ConfigGet(opts config.Opts, args []string) any {
	key, delim := "", ":"
	var pos []string
	for _, a := range args {
		switch {
		case strings.HasPrefix(a, "delimiter="):
			delim = strings.TrimPrefix(a, "delimiter=")
		case strings.HasPrefix(a, "default="), strings.HasPrefix(a, "key="):
			if k, ok := strings.CutPrefix(a, "key="); ok {
				key = k
			}
		default:
			pos = append(pos, a)
		}
	}
	if key == "" && len(pos) > 0 {
		key = pos[0]
	}
	if len(pos) > 2 {
		delim = pos[2]
	}
	if delim == "" {
		delim = ":"
	}
	return traverse(map[string]any(opts), strings.Split(key, delim))
}

// traverse is traverse_dict_and_list: mappings by key, lists by index;
// anything missing is nil.
func traverse(v any, path []string) any {
	for _, p := range path {
		switch c := v.(type) {
		case map[string]any:
			next, ok := c[p]
			if !ok {
				return nil
			}
			v = next
		case config.Opts:
			next, ok := c[p]
			if !ok {
				return nil
			}
			v = next
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i < 0 || i >= len(c) {
				return nil
			}
			v = c[i]
		default:
			return nil
		}
	}
	return v
}

package cli

import (
	"strconv"
	"strings"
)

// yamlifyArg converts CLI function arguments like salt.utils.args.yamlify_arg
// for the simple cases: integers, floats, booleans and null become typed,
// everything else stays a string.
// INFER: Salt's full rules (YAML-loading lists/dicts, kwargs via key=value)
// are not reproduced; key=value stays a positional string.
func yamlifyArg(s string) any {
	switch strings.ToLower(s) {
	case "true":
		return true
	case "false":
		return false
	case "null", "none", "~":
		return nil
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil && !strings.HasPrefix(s, "0") || s == "0" {
		return n
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && strings.Contains(s, ".") && !strings.HasPrefix(s, ".") {
		return f
	}
	return s
}

func yamlifyArgs(ss []string) []any {
	out := make([]any, 0, len(ss))
	for _, s := range ss {
		out = append(out, yamlifyArg(s))
	}
	return out
}

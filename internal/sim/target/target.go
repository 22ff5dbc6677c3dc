// Package target matches minion ids against publication targets; the master
// uses it to compute expected minions and each minion to filter publications.
package target

import (
	"fmt"
	"path"
	"strings"
)

// Match reports whether id matches tgt of type tgtType (glob or list).
// INFER: other target types (grain, compound, pcre, ...) are not implemented
// and never match.
func Match(tgt any, tgtType, id string) bool {
	switch tgtType {
	case "", "glob":
		ok, _ := path.Match(fmt.Sprint(tgt), id)
		return ok
	case "list":
		for _, t := range List(tgt) {
			if t == id {
				return true
			}
		}
	}
	return false
}

// List normalises a list target (JSON array or comma-separated string).
func List(tgt any) []string {
	switch t := tgt.(type) {
	case []any:
		out := make([]string, 0, len(t))
		for _, v := range t {
			out = append(out, fmt.Sprint(v))
		}
		return out
	case []string:
		return t
	case string:
		var out []string
		for _, p := range strings.Split(t, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
		return out
	}
	return nil
}

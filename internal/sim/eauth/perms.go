package eauth

import (
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"
)

// Request is what a permission check looks at.
type Request struct {
	Client string // local, local_async, runner, wheel
	Fun    string
	// Minions are the ids the target expands to (local clients only).
	Minions []string
}

// UserPerms is LoadAuth.get_auth_list for one backend: the entries of every
// user key matching name (fnmatch), else the '*' entry.
func UserPerms(backend map[string]any, name string) []any {
	var out []any
	matched := false
	keys := make([]string, 0, len(backend))
	for k := range backend {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k == "*" || strings.HasPrefix(k, "^") || strings.HasSuffix(k, "%") {
			continue
		}
		if ok, _ := path.Match(k, name); ok || k == name {
			matched = true
			out = append(out, asList(backend[k])...)
		}
	}
	if !matched {
		out = append(out, asList(backend["*"])...)
	}
	return out
}

// Known reports whether the backend has an entry for name or '*'.
func Known(backend map[string]any, name string) bool {
	for k := range backend {
		if k == "*" {
			return true
		}
		if ok, _ := path.Match(k, name); (ok || k == name) && !strings.HasPrefix(k, "^") {
			return true
		}
	}
	return false
}

func asList(v any) []any {
	if l, ok := v.([]any); ok {
		return l
	}
	return nil
}

// Allowed is CkMinions.auth_check (local clients) and spec_check (runner,
// wheel) over a permission list.
func Allowed(perms []any, r Request) bool {
	switch r.Client {
	case "runner", "runner_async":
		return specCheck(perms, r.Fun, "runner")
	case "wheel", "wheel_async":
		return specCheck(perms, r.Fun, "wheel")
	}
	for _, p := range perms {
		switch v := p.(type) {
		case string:
			if !strings.HasPrefix(v, "@") && funMatch(v, r.Fun) {
				return true
			}
		case map[string]any:
			for tgt, funs := range v {
				if strings.HasPrefix(tgt, "@") || !tgtCovers(tgt, r.Minions) {
					continue
				}
				for _, f := range asList(funs) {
					if s, ok := f.(string); ok && funMatch(s, r.Fun) {
						return true
					}
				}
				if s, ok := funs.(string); ok && funMatch(s, r.Fun) {
					return true
				}
			}
		}
	}
	return false
}

// specCheck: "@<form>", "@<form>s" or "@<module>" strings allow a function;
// {"@<form>": [regex...]} dicts restrict it.
func specCheck(perms []any, fun, form string) bool {
	mod, _, ok := strings.Cut(fun, ".")
	if !ok {
		return false
	}
	for _, p := range perms {
		switch v := p.(type) {
		case string:
			if v == "@"+form || v == "@"+form+"s" || v == "@"+mod {
				return true
			}
		case map[string]any:
			for k, funs := range v {
				if k != "@"+form && k != "@"+form+"s" && k != "@"+mod {
					continue
				}
				for _, f := range asList(funs) {
					if s, ok := f.(string); ok && funMatch(s, fun) {
						return true
					}
				}
			}
		}
	}
	return false
}

// funMatch is CkMinions.match_check: re.match, anchored at the start only.
func funMatch(re, fun string) bool {
	rx, err := regexp.Compile(`\A(?:` + re + `)`)
	return err == nil && rx.MatchString(fun)
}

// tgtCovers is validate_tgt for glob permission targets: every targeted
// minion must match the permission's glob.
func tgtCovers(glob string, minions []string) bool {
	if len(minions) == 0 {
		return false
	}
	for _, m := range minions {
		if ok, _ := path.Match(glob, m); !ok {
			return false
		}
	}
	return true
}

// describe is for log lines.
func describe(r Request) string { return fmt.Sprintf("%s %s", r.Client, r.Fun) }

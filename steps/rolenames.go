package steps

import (
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/lab/roles"
)

// Role phrases let a general feature name services by the role they play,
// so one feature runs unchanged on every topology that has the role (the
// user's own included): `When I stop "the first master"`. A literal service
// name still works.
func ordinals() []string { return []string{"first", "second", "third", "fourth", "fifth"} }

// rolePhrase resolves one phrase against r; ok is false when s is no role
// phrase (then it is taken as a service name).
func rolePhrase(r roles.Roles, s string) (names []string, ok bool, err error) {
	p := strings.ToLower(strings.TrimSpace(s))
	if !strings.HasPrefix(p, "the ") {
		return nil, false, nil
	}
	nth := func(list []string, i int, role string) ([]string, bool, error) {
		if i >= len(list) {
			return nil, true, fmt.Errorf("resolve %q: the topology declares %d %s(s) in x-saltlab, not %d", s, len(list), role, i+1)
		}
		return []string{list[i]}, true, nil
	}
	switch p {
	case "the master of masters":
		if r.MasterOfMasters == "" {
			return nil, true, fmt.Errorf("resolve %q: the topology declares no master_of_masters in x-saltlab", s)
		}
		return []string{r.MasterOfMasters}, true, nil
	case "the load balancer":
		if r.API == nil {
			return nil, true, fmt.Errorf("resolve %q: the topology declares no api in x-saltlab", s)
		}
		return []string{r.API.Service}, true, nil
	case "the minions":
		return append([]string(nil), r.Minions...), true, nil
	case "the last master":
		return nth(r.Masters, len(r.Masters)-1, "master")
	}
	for i, o := range ordinals() {
		switch p {
		case "the " + o + " master":
			return nth(r.Masters, i, "master")
		case "the " + o + " syndic":
			return nth(r.Syndics, i, "syndic")
		case "the " + o + " minion":
			return nth(r.Minions, i, "minion")
		}
	}
	return nil, false, nil
}

// resolveMany resolves a step's service argument: role phrases and service
// names, one or a group ("a, b" or "a and b").
func resolveMany(l Lab, s string) ([]string, error) {
	var out []string
	for _, part := range splitNames(s) {
		names, ok, err := rolePhrase(l.Roles(), part)
		switch {
		case err != nil:
			return nil, err
		case ok:
			out = append(out, names...)
		default:
			out = append(out, part)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("resolve %q: names no service", s)
	}
	return out, nil
}

// resolveOne resolves an argument that names exactly one service.
func resolveOne(l Lab, s string) (string, error) {
	names, err := resolveMany(l, s)
	if err != nil {
		return "", err
	}
	if len(names) != 1 {
		return "", fmt.Errorf("resolve %q: names %d services (%s), the step takes one", s, len(names), strings.Join(names, ", "))
	}
	return names[0], nil
}

// resolveAll resolves each of a group's arguments (a chaos spec's targets).
func resolveAll(l Lab, names []string) ([]string, error) {
	var out []string
	for _, n := range names {
		got, err := resolveMany(l, n)
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
	}
	return out, nil
}

package roles

import (
	"fmt"
	"strings"
)

// Role phrases let a general feature name services by the role they play,
// so one feature runs unchanged on every topology that has the role (the
// user's own included): `When I stop "the first master"`. A literal service
// name still works.
func ordinals() []string { return []string{"first", "second", "third", "fourth", "fifth"} }

// rolePhrase resolves one phrase against r; ok is false when s is no role
// phrase (then it is taken as a service name).
func rolePhrase(r Roles, s string) (names []string, ok bool, err error) {
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

// ServicesNamed resolves a step's service arguments: role phrases and
// service names, each one or a group ("a, b" or "a and b"). An argument
// that names no service is an error.
func (r Roles) ServicesNamed(args ...string) ([]string, error) {
	var out []string
	for _, arg := range args {
		got, err := r.named(arg)
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
	}
	return out, nil
}

// named resolves one argument, a phrase or name or a group of them.
func (r Roles) named(s string) ([]string, error) {
	var out []string
	for _, part := range SplitNames(s) {
		names, ok, err := rolePhrase(r, part)
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

// ServiceNamed resolves an argument that names exactly one service.
func (r Roles) ServiceNamed(s string) (string, error) {
	names, err := r.named(s)
	if err != nil {
		return "", err
	}
	if len(names) != 1 {
		return "", fmt.Errorf("resolve %q: names %d services (%s), the step takes one", s, len(names), strings.Join(names, ", "))
	}
	return names[0], nil
}

// SplitNames reads "a, b" or "a and b" as a group of services, each a role
// phrase or a service name.
func SplitNames(s string) []string {
	var out []string
	for _, p := range strings.Split(strings.ReplaceAll(s, " and ", ","), ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Relays are the syndic nodes between master and the minions: the
// topology's syndics when master is its master of masters.
func (r Roles) Relays(master string) []string {
	if r.MasterOfMasters != "" && r.MasterOfMasters == master {
		return r.Syndics
	}
	return nil
}

// ClusterPeers are the peers of the lab's master cluster, which the
// checkers take as one master: a return reaches whichever peer the
// minion's connection went through, and the peers forward events to each
// other. A master_balancer in x-saltlab marks a cluster (its masters are
// the peers, docs/topologies.md); nil in any other topology.
func (r Roles) ClusterPeers() []string {
	if r.MasterBalancer != nil {
		return r.Masters
	}
	return nil
}

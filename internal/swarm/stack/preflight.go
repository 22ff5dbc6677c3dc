// Package stack runs a saltlab topology as Docker Swarm services: the
// preflight that refuses what Swarm cannot honour before any engine call,
// the conversion of the lab's containers into Swarm service specs (with the
// masters' key pair and the lab's files as Swarm secrets and configs), and
// the deploy and teardown of those services on a swarm's manager.
package stack

import (
	"fmt"
	"sort"
	"strings"

	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/lab/policy"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/usage"
)

// Doc is the page that says how a lab runs on Swarm; messages point at it.
const Doc = "docs/swarm.md"

// Problem is one setting a lab on Swarm cannot have: the service ("" for
// a project-level network or volume), the compose key, what Swarm does
// with it and the fix, said as the compose policy says its violations.
type Problem = policy.Violation

// Error lists every problem of one project.
type Error struct {
	Files    []string
	Problems []Problem
}

func (e *Error) Error() string {
	var b strings.Builder
	what := "setting"
	if len(e.Problems) > 1 {
		what = "settings"
	}
	fmt.Fprintf(&b, "%s: %d %s Swarm cannot honour (%s); nothing was deployed:", strings.Join(e.Files, ", "), len(e.Problems), what, Doc)
	for _, p := range e.Problems {
		b.WriteString("\n  " + p.String())
	}
	return b.String()
}

// Preflight returns a usage error (*Error inside) naming every setting of
// p that a lab on Swarm cannot honour, or nil. It reads the compose model
// only: it runs before any engine call, on the project lab.Load checked
// against the compose policy and transformed with the run's knobs.
func Preflight(p *types.Project) error {
	var ps []Problem
	r, err := roles.FromProject(p)
	if err != nil {
		return usage.Wrap(fmt.Errorf("swarm preflight: %w", err))
	}
	shared := sharedVolumes(p)
	for _, name := range p.ServiceNames() {
		ps = append(ps, service(p, r, shared, p.Services[name])...)
	}
	ps = append(ps, projectProblems(p)...)
	if len(ps) == 0 {
		return nil
	}
	files := p.ComposeFiles
	if len(files) == 0 {
		files = []string{"compose project " + p.Name}
	}
	return usage.Wrap(&Error{Files: files, Problems: ps})
}

// service checks one service: every key it sets must be classified (see
// rules.go) and either converted, handled by saltlab, or pass its check.
func service(p *types.Project, r roles.Roles, shared map[string][]string, s types.ServiceConfig) []Problem {
	var ps []Problem
	for _, f := range policy.SetFields(s) {
		ru, ok := serviceRules[f.Name]
		if !ok {
			ps = append(ps, Problem{Service: s.Name, Key: f.Key, Problem: "is a key saltlab's Swarm converter does not know yet", Fix: fixRemove})
			continue
		}
		switch ru.kind {
		case refuse:
			ps = append(ps, Problem{Service: s.Name, Key: f.Key, Problem: ru.why, Fix: ru.fix})
		case check:
			ps = append(ps, ru.check(checkIn{p: p, roles: r, shared: shared}, s)...)
		}
	}
	return ps
}

// projectProblems checks the top-level networks: each becomes an overlay
// network of the swarm.
func projectProblems(p *types.Project) []Problem {
	var ps []Problem
	keys := make([]string, 0, len(p.Networks))
	for k := range p.Networks {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		n := p.Networks[key]
		k := "networks." + key
		if n.External {
			ps = append(ps, Problem{Key: k, Problem: "external: true joins a network saltlab did not create, which need not span the swarm", Fix: "remove external: saltlab creates the lab's overlay network"})
		}
		if n.Driver != "" && n.Driver != "bridge" && n.Driver != "overlay" {
			ps = append(ps, Problem{Key: k, Problem: fmt.Sprintf("driver %s does not span a swarm's nodes", n.Driver), Fix: "remove driver: saltlab makes every lab network an overlay on Swarm"})
		}
		if n.EnableIPv6 != nil && *n.EnableIPv6 {
			ps = append(ps, Problem{Key: k, Problem: "enable_ipv6 is not tested on saltlab's overlay networks", Fix: fixRemove})
		}
	}
	return ps
}

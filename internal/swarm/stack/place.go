package stack

import (
	"fmt"
	"slices"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/docker/docker/api/types/swarm"

	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/usage"
)

// Node is one ready, active node of the swarm.
type Node struct {
	ID       string
	Hostname string
	Labels   map[string]string
	// Addr is the node's address as the swarm knows it (where the host
	// reaches a port a task publishes on the node).
	Addr string `json:",omitempty"`
}

// RoleLabel is the node label that reserves a node for a role: masters,
// api or minions. Without it every node takes every role.
const RoleLabel = "io.saltlab.role"

// Place decides where each service runs: each master on a node of its own
// (round the nodes labelled io.saltlab.role=master, else all, by
// hostname), so taking a node away takes one master; the API balancer on
// the node after the last master's; every other service spread over the
// nodes (labelled minion, when some are). With no role label on any node
// and more nodes than masters, the masters take the last nodes by
// hostname and everything else the first ones (a swarm of `saltlab swarm
// up`: node1, its manager, keeps the minions and the balancer), so a
// node's loss takes a master and none of its minions, as the node
// scenario needs, and never the manager with it. A service whose compose
// file sets deploy.placement keeps it. Too few nodes for the masters is a
// usage error, before any deploy.
func Place(r roles.Roles, p *types.Project, nodes []Node) (map[string]swarm.Placement, error) {
	if len(nodes) == 0 {
		return nil, usage.Errorf("the swarm has no ready, active node: start one with `saltlab swarm up`")
	}
	masters := withRole(nodes, "master")
	if len(masters) < len(r.Masters) {
		return nil, usage.Errorf("the topology has %d masters but the swarm has %d node(s) for them (ready, active, labelled %s=master or, when none is, any): each master needs a node of its own, so that a node's loss takes one; add nodes (`saltlab swarm up`) or choose a topology with fewer masters",
			len(r.Masters), len(masters), RoleLabel)
	}
	out := map[string]swarm.Placement{}
	pin := func(service string, n Node) {
		out[service] = swarm.Placement{Constraints: []string{"node.id==" + n.ID}}
	}
	spread := swarm.Placement{Preferences: []swarm.PlacementPreference{{Spread: &swarm.SpreadOver{SpreadDescriptor: "node.id"}}}}
	api := withRole(nodes, "api")
	if apart := !anyRoleLabel(nodes) && len(nodes) > len(r.Masters) && len(r.Masters) > 0; apart {
		rest := len(nodes) - len(r.Masters)
		masters, api = masters[rest:], masters[:rest]
		for _, n := range masters {
			spread.Constraints = append(spread.Constraints, "node.id!="+n.ID)
		}
	}
	for i, m := range r.Masters {
		pin(m, masters[i%len(masters)])
	}
	if r.API != nil && !slices.Contains(r.Masters, r.API.Service) {
		pin(r.API.Service, api[len(r.Masters)%len(api)])
	}
	if len(withLabel(nodes, "minion")) > 0 {
		spread.Constraints = []string{fmt.Sprintf("node.labels.%s==minion", RoleLabel)}
	}
	for _, name := range p.ServiceNames() {
		if _, ok := out[name]; !ok {
			out[name] = spread
		}
		if d := p.Services[name].Deploy; d != nil && (len(d.Placement.Constraints) > 0 || len(d.Placement.Preferences) > 0) {
			own := swarm.Placement{Constraints: d.Placement.Constraints, MaxReplicas: d.Placement.MaxReplicas}
			for _, pref := range d.Placement.Preferences {
				own.Preferences = append(own.Preferences, swarm.PlacementPreference{Spread: &swarm.SpreadOver{SpreadDescriptor: pref.Spread}})
			}
			out[name] = own
		}
	}
	return out, nil
}

// withRole returns the nodes labelled for role, or every node when none
// is, sorted by hostname.
func withRole(nodes []Node, role string) []Node {
	if l := withLabel(nodes, role); len(l) > 0 {
		return l
	}
	return sortedNodes(nodes)
}

// anyRoleLabel says whether any node carries a role label.
func anyRoleLabel(nodes []Node) bool {
	return slices.ContainsFunc(nodes, func(n Node) bool { return n.Labels[RoleLabel] != "" })
}

func withLabel(nodes []Node, role string) []Node {
	var out []Node
	for _, n := range sortedNodes(nodes) {
		if n.Labels[RoleLabel] == role {
			out = append(out, n)
		}
	}
	return out
}

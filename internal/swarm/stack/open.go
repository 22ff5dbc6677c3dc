package stack

import (
	"context"
	"fmt"
	"io"

	"github.com/docker/docker/api/types/swarm"

	swarmnodes "github.com/saltlab/saltlab/internal/swarm"
	"github.com/saltlab/saltlab/internal/swarm/route"
)

// Target is a built swarm as a lab deploys on it: the deploy's view
// (Swarm), the client that routes the lab's container calls to their
// nodes, and the nodes placement spreads over.
type Target struct {
	Swarm  Swarm
	Router *route.Client
	Nodes  []Node
}

// On returns the deploy target of cluster c (swarm.Open): its ready,
// active nodes with their labels as the manager lists them.
func On(ctx context.Context, c *swarmnodes.Cluster, log io.Writer) (Target, error) {
	if c.Manager == nil {
		return Target{}, fmt.Errorf("swarm %s has no manager among its nodes", c.Name)
	}
	list, err := c.Manager.NodeList(ctx, swarm.NodeListOptions{})
	if err != nil {
		return Target{}, fmt.Errorf("list the nodes of swarm %s: %w", c.Name, err)
	}
	t := Target{Swarm: Swarm{Manager: c.Manager, Nodes: map[string]NodeEngine{}, Log: log}}
	engines := map[string]route.Engine{}
	for _, n := range c.Nodes {
		engines[n.ID] = n.Client
		t.Swarm.Nodes[n.ID] = n.Client
		if n.Manager {
			// The manager's entry is the manager's client itself, so the
			// router knows which node the manager is.
			engines[n.ID] = c.Manager
		}
	}
	for _, n := range list {
		if n.Status.State == swarm.NodeStateReady && n.Spec.Availability == swarm.NodeAvailabilityActive {
			t.Nodes = append(t.Nodes, Node{ID: n.ID, Hostname: n.Description.Hostname, Labels: n.Spec.Labels, Addr: n.Status.Addr})
		}
	}
	t.Router = route.New(c.Manager, engines)
	t.Swarm.Exec = t.Router
	return t, nil
}

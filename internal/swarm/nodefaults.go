package swarm

import (
	"context"
	"fmt"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/poll"
)

// NodeFaults is a built swarm as the chaos engine's node faults take it
// (chaos.Nodes, given with Engine.OnSwarm): which node runs a lab
// container, the node containers on the host engine, and a wait for a
// node to be Ready again. It finds node containers by the labels `swarm
// up` gave them, so a fault never acts on a container saltlab did not
// make for this swarm.
type NodeFaults struct {
	cluster *Cluster
	host    *client.Client
	find    func(ctx context.Context, ref string) (string, error)
}

// NodeFaults binds c to the host's engine (where its node containers
// run) and to find, which returns the swarm node id of the node that runs
// a lab container (route.Client.NodeOf).
func (c *Cluster) NodeFaults(host *client.Client, find func(ctx context.Context, ref string) (string, error)) *NodeFaults {
	return &NodeFaults{cluster: c, host: host, find: find}
}

// nodeBackWithin bounds the wait for a node to be Ready after its
// container was restored: `swarm up` gives a node's first join 60 s, and
// a node that was frozen has heartbeats to resume and tasks to report.
const nodeBackWithin = 90 * time.Second

// Swarm is the swarm's name.
func (n *NodeFaults) Swarm() string { return n.cluster.Name }

// NodeOf returns the node that runs container ref and that node's
// container id on the host engine.
func (n *NodeFaults) NodeOf(ctx context.Context, ref string) (string, string, error) {
	id, err := n.find(ctx, ref)
	if err != nil {
		return "", "", err
	}
	nd, ok := n.cluster.ByID(id)
	if !ok {
		return "", "", fmt.Errorf("container %s runs on swarm node %s, which is none of swarm %s's nodes", ref, id, n.cluster.Name)
	}
	cs, err := n.list(ctx, filters.Arg("label", NodeLabel+"="+nd.Name))
	if err != nil {
		return "", "", err
	}
	if len(cs) != 1 {
		return "", "", fmt.Errorf("find the container of node %s of swarm %s on the host engine: %d carry its labels, want 1", nd.Name, n.cluster.Name, len(cs))
	}
	return nd.Name, cs[0].ID, nil
}

// Containers lists the swarm's node containers on the host engine.
func (n *NodeFaults) Containers(ctx context.Context) ([]container.Summary, error) {
	return n.list(ctx)
}

// list lists the swarm's node containers matching the extra filters.
func (n *NodeFaults) list(ctx context.Context, extra ...filters.KeyValuePair) ([]container.Summary, error) {
	f := filters.NewArgs(append(extra,
		filters.Arg("label", labels.Run+"="+RunID(n.cluster.Name)),
		filters.Arg("label", NameLabel+"="+n.cluster.Name))...)
	cs, err := n.host.ContainerList(ctx, container.ListOptions{All: true, Filters: f})
	if err != nil {
		return nil, fmt.Errorf("list the node containers of swarm %s: %w", n.cluster.Name, err)
	}
	var out []container.Summary
	for _, c := range cs {
		if c.Labels[NodeLabel] != "" { // the nodes, not the swarm's marker
			out = append(out, c)
		}
	}
	return out, nil
}

// ContainerInspect, ContainerPause and ContainerUnpause act on a node
// container on the host engine.
func (n *NodeFaults) ContainerInspect(ctx context.Context, id string) (container.InspectResponse, error) {
	return n.host.ContainerInspect(ctx, id)
}

// ContainerPause freezes a node container.
func (n *NodeFaults) ContainerPause(ctx context.Context, id string) error {
	return n.host.ContainerPause(ctx, id)
}

// ContainerUnpause thaws a node container.
func (n *NodeFaults) ContainerUnpause(ctx context.Context, id string) error {
	return n.host.ContainerUnpause(ctx, id)
}

// State is node's state as the swarm's manager holds it.
func (n *NodeFaults) State(ctx context.Context, node string) (string, error) {
	nd, ok := n.cluster.ByName(node)
	if !ok {
		return "", fmt.Errorf("swarm %s has no node %s", n.cluster.Name, node)
	}
	info, _, err := n.cluster.Manager.NodeInspectWithRaw(ctx, nd.ID)
	if err != nil {
		return "", fmt.Errorf("inspect node %s of swarm %s: %w", node, n.cluster.Name, err)
	}
	return string(info.Status.State), nil
}

// Back waits until node is Ready in the swarm, as its manager lists it,
// and no task on it is still running that the manager ended while the
// node was down (its engine stops those once it hears of it).
func (n *NodeFaults) Back(ctx context.Context, node string) error {
	nd, ok := n.cluster.ByName(node)
	if !ok {
		return fmt.Errorf("swarm %s has no node %s", n.cluster.Name, node)
	}
	var seen string
	ok, err := poll.Run(ctx, poll.Bounds{Deadline: time.Now().Add(nodeBackWithin), Interval: engineInterval}, func(ctx context.Context, _ time.Duration) bool {
		info, _, err := n.cluster.Manager.NodeInspectWithRaw(ctx, nd.ID)
		if err != nil {
			seen = err.Error()
			return false
		}
		seen = string(info.Status.State)
		if info.Status.State != swarm.NodeStateReady {
			return false
		}
		tasks, err := n.cluster.Manager.TaskList(ctx, swarm.TaskListOptions{Filters: filters.NewArgs(filters.Arg("node", nd.ID))})
		if err != nil {
			seen = err.Error()
			return false
		}
		for _, t := range tasks {
			if t.DesiredState != swarm.TaskStateRunning && t.Status.State == swarm.TaskStateRunning {
				seen = fmt.Sprintf("ready, task %s ended by the manager still running", t.ID)
				return false
			}
		}
		return true
	})
	if err != nil {
		return fmt.Errorf("wait for node %s to be Ready: %w", node, err)
	}
	if !ok {
		return fmt.Errorf("wait for node %s to be Ready: not within %s (the manager says %s)", node, nodeBackWithin, seen)
	}
	return nil
}

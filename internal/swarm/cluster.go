package swarm

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/lab/dockerx"
)

// SwarmNodeLabel is the label every node carries in the swarm (its
// NodeSpec), naming it: io.saltlab.node=node1. Placement constraints
// name a node by it: node.labels.io.saltlab.node==node2.
const SwarmNodeLabel = "io.saltlab.node"

// Node is one node of a built swarm.
type Node struct {
	// Name is the node's name: node1, node2, ... (its hostname and
	// SwarmNodeLabel).
	Name string
	// ID is the node's id in the swarm (swarm.Node.ID, what a task's
	// NodeID names).
	ID string
	// Manager says whether the node is a manager (node1 is the only one).
	Manager bool
	// Client talks to the node's own dockerd through its unix socket:
	// containers, images and networks on that node.
	Client *client.Client
}

// Cluster is a built swarm as the code that deploys on it sees it.
//
// Manager is the manager's client: services, tasks, configs, secrets and
// overlay networks are made through it. Nodes are every node, node1
// first; ByID and ByName find one by its swarm node id (a task's NodeID)
// or its name. Close closes every client.
type Cluster struct {
	Name    string
	Manager *client.Client
	Nodes   []Node
}

// ByID is the node whose swarm node id is id.
func (c *Cluster) ByID(id string) (Node, bool) {
	for _, n := range c.Nodes {
		if n.ID == id {
			return n, true
		}
	}
	return Node{}, false
}

// ByName is the node named name (node1, ...).
func (c *Cluster) ByName(name string) (Node, bool) {
	for _, n := range c.Nodes {
		if n.Name == name {
			return n, true
		}
	}
	return Node{}, false
}

// Close closes the clients of every node.
func (c *Cluster) Close() error {
	return closeAll(c.Nodes)
}

// Open finds swarm name on the local engine (the one the environment
// names, as every saltlab command) by its labels and returns a client of
// every node's dockerd, each node identified in the swarm. A swarm that
// is not there is an error naming `saltlab swarm up`. The sockets are
// found through the node containers' mounts, so Open needs no state
// folder.
func Open(ctx context.Context, name string) (*Cluster, error) {
	if err := ValidateName(name); err != nil {
		return nil, err
	}
	return onHost(ctx, func(host *client.Client) (*Cluster, error) { return openOn(ctx, host, name) })
}

// onHost runs f with a client of the host engine (the one the
// environment names), closed when f returns.
func onHost[T any](ctx context.Context, f func(host *client.Client) (T, error)) (T, error) {
	host, err := dockerx.New(ctx)
	if err != nil {
		var zero T
		return zero, err
	}
	defer host.Close()
	return f(host)
}

// openOn is Open through the host engine's client host.
func openOn(ctx context.Context, host *client.Client, name string) (*Cluster, error) {
	if err := ValidateName(name); err != nil {
		return nil, err
	}
	sockets, err := nodeSockets(ctx, host, name)
	if err != nil {
		return nil, err
	}
	c := &Cluster{Name: name}
	for _, node := range sortedNodes(sockets) {
		cl, err := nodeClient(sockets[node])
		if err != nil {
			_ = c.Close()
			return nil, err
		}
		c.Nodes = append(c.Nodes, Node{Name: node, Client: cl})
	}
	if err := identify(ctx, c.Nodes); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("open swarm %s: %w", name, err)
	}
	for _, n := range c.Nodes {
		if n.Manager {
			c.Manager = n.Client
			break
		}
	}
	if c.Manager == nil {
		_ = c.Close()
		return nil, fmt.Errorf("open swarm %s: no node is a manager: remove it with `saltlab swarm down --name %s` and make it again with `saltlab swarm up`", name, name)
	}
	return c, nil
}

// nodeSockets maps each node container of swarm name to the host path of
// its engine's socket (the source of its bind mount at socketInNode).
func nodeSockets(ctx context.Context, host *client.Client, name string) (map[string]string, error) {
	f := filters.NewArgs(filters.Arg("label", NameLabel+"="+name), filters.Arg("label", NodeLabel))
	list, err := host.ContainerList(ctx, container.ListOptions{All: true, Filters: f})
	if err != nil {
		return nil, fmt.Errorf("list the nodes of swarm %s: %w", name, err)
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("no swarm named %s is on this engine: make it with `saltlab swarm up --name %s`", name, name)
	}
	out := map[string]string{}
	for _, c := range list {
		node := c.Labels[NodeLabel]
		for _, m := range c.Mounts {
			if m.Destination == socketInNode {
				out[node] = m.Source + "/" + socketName
			}
		}
		if out[node] == "" {
			return nil, fmt.Errorf("node %s of swarm %s has no socket folder mounted at %s", node, name, socketInNode)
		}
	}
	return out, nil
}

// sortedNodes orders node names by number: node2 before node10.
func sortedNodes(m map[string]string) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	num := func(s string) int { n, _ := strconv.Atoi(strings.TrimPrefix(s, "node")); return n }
	sort.Slice(names, func(i, j int) bool { return num(names[i]) < num(names[j]) })
	return names
}

// dial opens a client of each of the first n nodes of swarm name.
func dial(stateDir, name string, n int) ([]Node, error) {
	var nodes []Node
	for i := 1; i <= n; i++ {
		c, err := nodeClient(socketPath(stateDir, name, NodeName(i)))
		if err != nil {
			_ = closeAll(nodes)
			return nil, err
		}
		nodes = append(nodes, Node{Name: NodeName(i), Client: c})
	}
	return nodes, nil
}

// identify fills in each node's swarm node id and role from its engine.
func identify(ctx context.Context, nodes []Node) error {
	for i := range nodes {
		info, err := nodes[i].Client.Info(ctx)
		if err != nil {
			return fmt.Errorf("ask the engine of %s: %w", nodes[i].Name, err)
		}
		if info.Swarm.NodeID == "" {
			return fmt.Errorf("%s is in no swarm (its engine says %q)", nodes[i].Name, info.Swarm.LocalNodeState)
		}
		nodes[i].ID = info.Swarm.NodeID
		nodes[i].Manager = info.Swarm.ControlAvailable
	}
	return nil
}

// closeAll closes the clients of nodes.
func closeAll(nodes []Node) error {
	var errs []error
	for _, n := range nodes {
		if n.Client != nil {
			errs = append(errs, n.Client.Close())
		}
	}
	return errors.Join(errs...)
}

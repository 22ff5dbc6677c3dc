package route

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/swarm"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
)

// Client is one engine client over a whole swarm: the manager's for what
// is not container-scoped (embedded), each node's for the containers it
// runs. lab.Docker, chaos.Docker and the client room's Execer take it as
// they take a *client.Client.
type Client struct {
	Manager
	nodes map[string]Engine // node id -> its engine

	mu    sync.Mutex
	where map[string]target // container ref (id, name, compose name) -> node and id
	execs map[string]string // exec id -> node id
}

// target is a container and the node that runs it.
type target struct {
	node string
	id   string
}

// New returns a client that routes over nodes (node id -> engine; the
// manager's node among them), asking manager which task runs where.
func New(manager Manager, nodes map[string]Engine) *Client {
	return &Client{Manager: manager, nodes: nodes, where: map[string]target{}, execs: map[string]string{}}
}

// NodeOf returns the id of the node that runs container ref (an id, a
// container name, or the compose name "<project>-<service>-1" of a task).
func (c *Client) NodeOf(ctx context.Context, ref string) (string, error) {
	t, err := c.resolve(ctx, ref)
	return t.node, err
}

// nodeIDs returns the node ids, sorted, so listings come in one order.
func (c *Client) nodeIDs() []string {
	ids := make([]string, 0, len(c.nodes))
	for id := range c.nodes {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func (c *Client) remember(ref string, t target) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.where[ref] = t
}

func (c *Client) forget(ref string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.where, ref)
}

func (c *Client) cached(ref string) (target, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.where[ref]
	return t, ok
}

// resolve finds the node and id of container ref: from what it saw
// before, else from the swarm's tasks (a task's compose name stands for
// its container, so code that names containers the compose way works
// unchanged), else by asking every node.
func (c *Client) resolve(ctx context.Context, ref string) (target, error) {
	if t, ok := c.cached(ref); ok {
		return t, nil
	}
	if err := c.learnTasks(ctx); err != nil {
		return target{}, err
	}
	if t, ok := c.cached(ref); ok {
		return t, nil
	}
	var notFound error
	for _, node := range c.nodeIDs() {
		info, err := c.nodes[node].ContainerInspect(ctx, ref)
		if err == nil {
			t := target{node: node, id: info.ID}
			c.remember(ref, t)
			c.remember(info.ID, t)
			return t, nil
		}
		if !errdefs.IsNotFound(err) {
			return target{}, fmt.Errorf("find container %s on node %s: %w", ref, node, err)
		}
		notFound = err
	}
	if notFound == nil {
		notFound = fmt.Errorf("no such container: %s (the swarm has no node): %w", ref, errdefs.ErrNotFound)
	}
	return target{}, notFound
}

// learnTasks records where the task containers of saltlab's services run,
// under their ids, their container names and their compose names.
func (c *Client) learnTasks(ctx context.Context) error {
	services, err := c.ServiceList(ctx, swarm.ServiceListOptions{Filters: filters.NewArgs(filters.Arg("label", labels.Managed+"=true"))})
	if err != nil {
		return fmt.Errorf("list the swarm's services: %w", err)
	}
	for _, s := range services {
		project, service := s.Spec.Labels[labels.Project], s.Spec.Labels[labels.Service]
		tasks, err := c.TaskList(ctx, swarm.TaskListOptions{Filters: filters.NewArgs(filters.Arg("service", s.ID))})
		if err != nil {
			return fmt.Errorf("list the tasks of service %s: %w", s.Spec.Name, err)
		}
		t, ok := current(tasks)
		if !ok {
			continue
		}
		tg := target{node: t.NodeID, id: t.Status.ContainerStatus.ContainerID}
		c.remember(tg.id, tg)
		c.remember(fmt.Sprintf("%s.%d.%s", s.Spec.Name, t.Slot, t.ID), tg)
		if project != "" && service != "" {
			c.remember(lab.ContainerNameOf(project, service), tg)
		}
	}
	return nil
}

// current picks the task whose container stands for the service: the one
// Swarm wants running, else the newest that has a container (a task a
// fault stopped stays the service's container: its restart policy is
// none).
func current(tasks []swarm.Task) (swarm.Task, bool) {
	var best swarm.Task
	found := false
	for _, t := range tasks {
		if t.Status.ContainerStatus == nil || t.Status.ContainerStatus.ContainerID == "" {
			continue
		}
		running := t.DesiredState == swarm.TaskStateRunning
		bestRunning := found && best.DesiredState == swarm.TaskStateRunning
		if !found || (running && !bestRunning) || (running == bestRunning && t.Meta.CreatedAt.After(best.Meta.CreatedAt)) {
			best, found = t, true
		}
	}
	return best, found
}

// on runs call on the engine of container ref's node with its id. A
// container that has gone since it was seen is looked up once more.
func (c *Client) on(ctx context.Context, ref string, call func(e Engine, id string) error) error {
	t, err := c.resolve(ctx, ref)
	if err != nil {
		return err
	}
	err = c.call(t, call)
	if errdefs.IsNotFound(err) && t.id != ref {
		c.forget(ref)
		if t2, err2 := c.resolve(ctx, ref); err2 == nil && t2 != t {
			return c.call(t2, call)
		}
	}
	return err
}

func (c *Client) call(t target, call func(e Engine, id string) error) error {
	e, ok := c.nodes[t.node]
	if !ok {
		return fmt.Errorf("container %s runs on node %s, which saltlab has no engine client for (is the node down? `saltlab swarm status`)", t.id, t.node)
	}
	return call(e, t.id)
}

// execNode returns the engine an exec was created on (the manager for an
// exec it did not create).
func (c *Client) execNode(execID string) Engine {
	c.mu.Lock()
	defer c.mu.Unlock()
	if n, ok := c.execs[execID]; ok {
		return c.nodes[n]
	}
	return c.Manager
}

var errNoNodes = errors.New("the swarm has no node")

// Relearn looks again at which task stands for each service, after a
// service's task was replaced (a forced update makes a new container):
// its compose name then names the new container.
func (c *Client) Relearn(ctx context.Context) error { return c.learnTasks(ctx) }

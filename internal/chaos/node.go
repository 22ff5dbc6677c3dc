package chaos

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/usage"
)

// KindNodePause takes away the whole swarm node that runs a service's
// container: the node's container on the host engine is paused, which
// freezes the node's engine and every container on it at once.
const KindNodePause fault.Kind = "node-pause"

// Ledger data keys of the node faults: enough to undo them with the
// host's engine alone, after a SIGKILL too.
const (
	dataSwarm         = "swarm"          // the swarm's name (saltlab swarm up --name)
	dataNode          = "node"           // the node's name: node1, node2, ...
	dataNodeContainer = "node_container" // the node container's id on the host engine
	dataOnNode        = "on_node"        // the lab's services on the node, comma-separated
)

func init() {
	register(Def{Kind: KindNodePause, Place: 140, Swarm: true,
		Mechanism: "a lab on a swarm only: Docker pause of the swarm node container that runs the service (its engine and every container on it frozen); heal: unpause, wait until the node is Ready, then start again the lab's services on it that are not running",
		Salt:      "like pause, for every service on the node: kept connections stay ESTABLISHED, so failover minions elsewhere do not fail over; after about 15 s without heartbeats the manager marks the node Down and ends its tasks (restart policy none: none replaced), and the node's engine stops them once it is back, closing their connections",
		inject:    injectNodePause, undo: undoNodePause})
}

// Nodes is what the node faults need of a lab deployed on a swarm that
// `saltlab swarm up` made: which node runs a container, the node
// containers standing for the nodes on the host's engine, and a wait for
// a node to be back. A compose lab has none (Engine.OnSwarm not called),
// and the node faults are refused on it.
type Nodes interface {
	// NodeDocker is the host's engine, where the node containers run.
	NodeDocker
	// Swarm is the swarm's name.
	Swarm() string
	// NodeOf returns the node (node1, ...) that runs the lab's container
	// ref and that node's container id on the host engine; only a
	// container saltlab made for this swarm (by its labels) is returned.
	NodeOf(ctx context.Context, ref string) (node, containerID string, err error)
	// Containers lists the swarm's node containers on the host engine.
	Containers(ctx context.Context) ([]container.Summary, error)
	// Back waits, within its own bound, until node is Ready in the swarm
	// again after its container was restored, and its engine has stopped
	// the tasks the manager ended while it was down.
	Back(ctx context.Context, node string) error
	// State is node's state as the swarm's manager holds it (ready,
	// down, unknown, disconnected).
	State(ctx context.Context, node string) (string, error)
}

// NodeDocker is the part of the host's engine the node faults use.
type NodeDocker interface {
	ContainerInspect(ctx context.Context, containerID string) (container.InspectResponse, error)
	ContainerPause(ctx context.Context, containerID string) error
	ContainerUnpause(ctx context.Context, containerID string) error
}

// OnSwarm binds the engine to the swarm its lab is deployed on, so the
// node faults can act and be undone; heal of a swarm lab needs it too.
func (e *Engine) OnSwarm(n Nodes) { e.nodes = n }

// NodeOf names the swarm node that runs service's container; on a lab
// without nodes (compose) it is the node faults' refusal.
func (e *Engine) NodeOf(ctx context.Context, service string) (string, error) {
	if e.nodes == nil {
		return "", e.onCompose(KindNodePause)
	}
	node, _, err := e.nodes.NodeOf(ctx, e.containerName(service))
	if err != nil {
		return "", fmt.Errorf("find the node of service %q: %w", service, err)
	}
	return node, nil
}

// NodeState is node's state as the swarm's manager holds it.
func (e *Engine) NodeState(ctx context.Context, node string) (string, error) {
	if e.nodes == nil {
		return "", e.onCompose(KindNodePause)
	}
	return e.nodes.State(ctx, node)
}

// onCompose is the refusal of a node fault on a lab with no nodes (exit
// 2, before the ledger): the kind and the fix named.
func (e *Engine) onCompose(k fault.Kind) error {
	return usage.Errorf("fault %s takes a whole Swarm node away, and lab %s runs on Docker Compose on one engine, which has no nodes: deploy the lab on a swarm (`saltlab swarm up`, then `saltlab up --engine swarm`), or take one service away with stop, pause or isolate", k, e.project)
}

func injectNodePause(ctx context.Context, e *Engine, s Spec) (fault.Entry, error) {
	if e.nodes == nil {
		return fault.Entry{}, e.onCompose(s.Kind)
	}
	svc := s.Targets[0]
	node, id, err := e.nodes.NodeOf(ctx, e.containerName(svc))
	if err != nil {
		return fault.Entry{}, fmt.Errorf("find the node of service %q: %w", svc, err)
	}
	info, err := e.nodes.ContainerInspect(ctx, id)
	if err != nil {
		return fault.Entry{}, fmt.Errorf("inspect node %s: %w", node, err)
	}
	if info.State == nil || !info.State.Running || info.State.Paused {
		return fault.Entry{}, fmt.Errorf("node %s of swarm %s (which runs %q) is %s: heal it first (`saltlab heal`, or `saltlab heal --run swarm-%s`)", node, e.nodes.Swarm(), svc, status(info), e.nodes.Swarm())
	}
	on, err := e.servicesOn(ctx, node)
	if err != nil {
		return fault.Entry{}, err
	}
	en, err := e.record(s, map[string]string{dataSwarm: e.nodes.Swarm(), dataNode: node, dataNodeContainer: id, dataService: svc, dataOnNode: strings.Join(on, ",")})
	if err != nil {
		return en, err
	}
	if err := pauseRetrying(ctx, e.nodes, id); err != nil {
		return en, fmt.Errorf("%s %s (node %s): %w", s.Kind, svc, node, err)
	}
	e.logf("%s %s: node %s of swarm %s frozen (fault %d)", s.Kind, svc, node, e.nodes.Swarm(), en.ID)
	return en, nil
}

// undoNodePause unpauses the recorded node container and waits until the
// node is Ready again. A node removed since (swarm down) needs nothing.
func undoNodePause(ctx context.Context, e *Engine, en fault.Entry) error {
	id, node := en.Data[dataNodeContainer], en.Data[dataNode]
	if e.nodes == nil {
		return fmt.Errorf("node %s of swarm %s: this engine was not given the swarm (Engine.OnSwarm); `saltlab heal --run swarm-%s` unpauses the node", node, en.Data[dataSwarm], en.Data[dataSwarm])
	}
	info, err := e.nodes.ContainerInspect(ctx, id)
	if errdefs.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("inspect node %s: %w", node, err)
	}
	if info.State != nil && info.State.Paused {
		if err := e.nodes.ContainerUnpause(ctx, id); err != nil && !errdefs.IsNotFound(err) {
			return fmt.Errorf("unpause node %s: %w", node, err)
		}
	}
	if info.State == nil || (!info.State.Running && !info.State.Paused) {
		return nil // stopped by someone else: not this fault's to start
	}
	if err := e.nodes.Back(ctx, node); err != nil {
		return fmt.Errorf("node %s of swarm %s: %w", node, en.Data[dataSwarm], err)
	}
	return e.startAgain(ctx, node, en.Data[dataOnNode])
}

// servicesOn lists, sorted, the lab's services whose containers run on
// node, for the heal to bring back what the node's loss ended.
func (e *Engine) servicesOn(ctx context.Context, node string) ([]string, error) {
	cs, err := e.docker.ContainerList(ctx, container.ListOptions{Filters: filters.NewArgs(e.scope())})
	if err != nil {
		return nil, fmt.Errorf("list the containers of lab %s: %w", e.project, err)
	}
	var on []string
	for _, c := range cs {
		svc := c.Labels[labels.Service]
		if svc == "" || c.Labels[LabelHelper] == "true" {
			continue
		}
		n, _, err := e.nodes.NodeOf(ctx, c.ID)
		if err != nil {
			return nil, fmt.Errorf("find the node of %s: %w", name(c), err)
		}
		if n == node {
			on = append(on, svc)
		}
	}
	slices.Sort(on)
	return on, nil
}

// startAgain starts the lab's services of the list that are not running
// once the node is back: the swarm's manager ended their tasks while the
// node was down (restart policy none), and its engine stopped them when
// it came back. On a swarm a stopped task's container is started as a new
// task of its service by the lab's engine (the swarm stack's Restarter).
func (e *Engine) startAgain(ctx context.Context, node, list string) error {
	if list == "" {
		return nil
	}
	var errs []error
	for _, svc := range strings.Split(list, ",") {
		info, err := e.docker.ContainerInspect(ctx, e.containerName(svc))
		if errdefs.IsNotFound(err) {
			continue
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("inspect %s: %w", svc, err))
			continue
		}
		if info.State == nil || info.State.Running {
			continue
		}
		if err := e.docker.ContainerStart(ctx, info.ID, container.StartOptions{}); err != nil {
			errs = append(errs, fmt.Errorf("start %s, which the loss of node %s ended: %w", svc, node, err))
			continue
		}
		e.logf("started %s again: the loss of node %s had ended it", svc, node)
	}
	return errors.Join(errs...)
}

// sweepNodes unpauses the swarm's paused node containers: what a node
// fault leaves when its ledger line is lost.
func (e *Engine) sweepNodes(ctx context.Context, sw *Swept) error {
	if e.nodes == nil {
		return nil
	}
	cs, err := e.nodes.Containers(ctx)
	if err != nil {
		return fmt.Errorf("list the nodes of swarm %s: %w", e.nodes.Swarm(), err)
	}
	for _, c := range cs {
		if c.State != container.StatePaused {
			continue
		}
		if err := e.nodes.ContainerUnpause(ctx, c.ID); err != nil && !errdefs.IsNotFound(err) {
			return fmt.Errorf("unpause node %s: %w", name(c), err)
		}
		sw.Nodes++
	}
	return nil
}

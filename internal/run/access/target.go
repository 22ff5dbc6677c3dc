package access

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"time"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/swarm"
	"github.com/saltlab/saltlab/internal/swarm/stack"
)

// Target is where a lab runs and how it comes up and goes: the host's
// engine for a compose lab (lab.Up, lab.Down), a swarm's nodes for a lab
// of Swarm services (a deploy of the same lab, a teardown of its project).
// Docker is the lab's engine either way (LabDocker).
type Target struct {
	Docker LabDocker
	// Swarm is the swarm's name, "" on compose.
	Swarm   string
	cluster *swarm.Cluster
	on      stack.Target
	router  *stack.Restarter
	log     io.Writer
}

// OpenTarget opens the engine of the lab st describes (st.Engine,
// st.Swarm): host itself for a compose lab, the swarm's nodes (their
// engines' sockets, swarm.Open) for a swarm lab. Close releases it.
func OpenTarget(ctx context.Context, host *client.Client, st runstate.State, log io.Writer) (*Target, error) {
	if log == nil {
		log = io.Discard
	}
	if st.Engine != runstate.EngineSwarm {
		return &Target{Docker: host, log: log}, nil
	}
	c, err := swarm.Open(ctx, st.Swarm)
	if err != nil {
		return nil, fmt.Errorf("open swarm %s of lab %s: %w", st.Swarm, st.Project, err)
	}
	on, err := stack.On(ctx, c, log)
	if err != nil {
		c.Close()
		return nil, err
	}
	t := &Target{Swarm: st.Swarm, cluster: c, on: on, log: log}
	// Until the lab is bound (Bind), a start is the router's own.
	t.router = stack.NewRestarter(on.Router, c.Manager, &stack.Plan{Project: st.Project}, nil, log)
	t.router.Addrs = map[string]string{}
	for _, n := range on.Nodes {
		t.router.Addrs[n.ID] = n.Addr
	}
	t.router.Load = t.loadImages
	t.Docker = t.router
	return t, nil
}

// OnSwarm says whether the lab runs as Swarm services.
func (t *Target) OnSwarm() bool { return t != nil && t.cluster != nil }

// BindNodes gives the chaos engine e the swarm's nodes, so a node fault
// (node-pause) can act, be healed and be swept; on compose it does
// nothing and a node fault is refused. host is the engine the node
// containers run on.
func (t *Target) BindNodes(e *chaos.Engine, host *client.Client) {
	if !t.OnSwarm() || host == nil {
		return
	}
	e.OnSwarm(t.cluster.NodeFaults(host, t.on.Router.NodeOf))
}

// Close releases the swarm's clients (the host's client is the caller's).
func (t *Target) Close() error {
	if !t.OnSwarm() {
		return nil
	}
	return t.cluster.Close()
}

// Up is the function that brings lab l up on the target: l.Up on
// compose; on Swarm, the preflight (every compose key Swarm cannot honour
// refused, exit 2), the conversion with a fresh key pair for the masters
// and the deploy, after which the lab leaves out the services the deploy
// dropped (key-wait).
func (t *Target) Up(l *lab.Lab, r roles.Roles) func(context.Context) error {
	if !t.OnSwarm() {
		return l.Up
	}
	return func(ctx context.Context) error {
		if err := stack.Preflight(l.Model()); err != nil {
			return err
		}
		plan, err := t.convert(l, r)
		if err != nil {
			return err
		}
		for _, n := range plan.Notes {
			fmt.Fprintf(t.log, "swarm: %s\n", n)
		}
		if err := t.load(ctx, plan); err != nil {
			return err
		}
		sw := t.on.Swarm
		sw.Log = t.log
		return stack.Deploy(ctx, sw, plan, runIDOf(l))
	}
}

// load copies the plan's images from the host into every node that lacks
// them (swarm.Load skips a node that holds them): the run found or built
// them on the host a moment ago, and with no registry a node has only
// what it was given.
func (t *Target) load(ctx context.Context, plan *stack.Plan) error {
	var refs []string
	for _, s := range plan.Services {
		if img := s.Spec.TaskTemplate.ContainerSpec.Image; !slices.Contains(refs, img) {
			refs = append(refs, img)
		}
	}
	return t.loadImages(ctx, refs...)
}

// Bind readies the target for a lab deployed earlier (heal, chaos,
// status in another process): the lab's services' hosts references, so
// a stopped master's new task is written into the hosts files naming it.
// Nothing is created: the plan is converted with a throwaway key pair.
func (t *Target) Bind(l *lab.Lab, r roles.Roles) error {
	if !t.OnSwarm() {
		return nil
	}
	_, err := t.convert(l, r)
	return err
}

// convert converts lab l for the swarm with a fresh key pair for its
// masters, binds the target to the plan (the hosts references a renewed
// task rewrites) and leaves out of l the services the plan drops.
func (t *Target) convert(l *lab.Lab, r roles.Roles) (*stack.Plan, error) {
	keys, err := stack.NewKeyPair()
	if err != nil {
		return nil, err
	}
	plan, err := stack.Convert(stack.Input{Lab: l, Nodes: t.on.Nodes, KeyPair: keys})
	if err != nil {
		return nil, fmt.Errorf("convert lab %s for Swarm: %w", l.Project(), err)
	}
	t.bindPlan(plan, r)
	l.Without(slices.Sorted(maps.Keys(plan.Dropped))...)
	return plan, nil
}

func (t *Target) bindPlan(plan *stack.Plan, r roles.Roles) {
	var reload []string
	if r.API != nil && !slices.Contains(r.Masters, r.API.Service) {
		reload = append(reload, r.API.Service)
	}
	addrs, load := t.router.Addrs, t.router.Load
	*t.router = *stack.NewRestarter(t.on.Router, t.cluster.Manager, plan, reload, t.log)
	t.router.Addrs, t.router.Load = addrs, load
}

// loadImages copies refs from the host into the swarm's nodes that lack
// them (swarm.Load skips a node that holds them).
func (t *Target) loadImages(ctx context.Context, refs ...string) error {
	dir, err := swarm.StateDir()
	if err != nil {
		return err
	}
	rep, err := swarm.Load(ctx, swarm.LoadOptions{Name: t.Swarm, Images: refs, StateDir: dir, Log: t.log})
	if err != nil {
		return fmt.Errorf("load %v into swarm %s: %w", refs, t.Swarm, err)
	}
	rep.Write(t.log)
	return nil
}

// downTimeout bounds Down, which outlives the caller's cancellation (it
// runs because the run was cancelled) as lab.Down does.
const downTimeout = 3 * time.Minute

// Down removes lab l: lab.Down on compose; on Swarm the teardown of the
// lab's project (its run's other labs stay).
func (t *Target) Down(ctx context.Context, l *lab.Lab) error {
	if !t.OnSwarm() {
		return l.Down(ctx)
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), downTimeout)
	defer cancel()
	sw := t.on.Swarm
	sw.Log = t.log
	if err := stack.Teardown(ctx, sw, stack.Lab{RunID: runIDOf(l), Project: l.Project()}); err != nil {
		return fmt.Errorf("down lab %s on swarm %s: %w", l.Project(), t.Swarm, err)
	}
	return nil
}

// runIDOf is the run id the lab's objects carry.
func runIDOf(l *lab.Lab) string { return l.RunLabels()[labels.Run] }

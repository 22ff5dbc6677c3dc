package stack

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/docker/api/types/volume"

	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/poll"
)

// sweeper is what Teardown removes on each node: the run's containers
// (task containers Swarm did not remove yet, chaos helpers), volumes (a
// task's named volume is made on its node) and networks.
type sweeper interface {
	ContainerList(ctx context.Context, options container.ListOptions) ([]container.Summary, error)
	ContainerRemove(ctx context.Context, containerID string, options container.RemoveOptions) error
	VolumeList(ctx context.Context, options volume.ListOptions) (volume.ListResponse, error)
	VolumeRemove(ctx context.Context, volumeID string, force bool) error
	NetworkList(ctx context.Context, options network.ListOptions) ([]network.Summary, error)
	NetworkRemove(ctx context.Context, networkID string) error
}

// removeInterval spaces the tries of a removal the swarm is still
// catching up with (a secret in use until its service's tasks are gone, a
// network with endpoints until their containers are).
const removeInterval = 250 * time.Millisecond

// Lab names one lab on the swarm: its run and its project. Labs of one
// run (saltlab run --parallel) share the run id, so a lab is removed by
// both labels, as lab.Down removes a compose lab, never by the run alone.
type Lab struct {
	RunID   string
	Project string
}

func (l Lab) String() string { return l.Project }

// filter selects the objects of the lab: both labels must match.
func (l Lab) filter() filters.Args {
	return filters.NewArgs(filters.Arg("label", labels.Run+"="+l.RunID), filters.Arg("label", labels.Project+"="+l.Project))
}

// Teardown removes everything of lab lb from the swarm: its services,
// then its secrets, configs and networks on the manager once nothing uses
// them, then on every node what is left (containers, volumes, networks).
// Only objects labelled with the lab's run and project are touched, so
// the other labs of the run stay. What it could not remove is the error.
func Teardown(ctx context.Context, sw Swarm, lb Lab) error {
	if lb.RunID == "" || lb.Project == "" {
		return fmt.Errorf("tear down lab %q of run %q: name both the run and the project", lb.Project, lb.RunID)
	}
	m := sw.Manager
	f := lb.filter()
	var errs []error
	services, err := m.ServiceList(ctx, swarm.ServiceListOptions{Filters: f})
	if err != nil {
		return fmt.Errorf("list services of lab %s: %w", lb, err)
	}
	for _, s := range services {
		if err := m.ServiceRemove(ctx, s.ID); err != nil && !errdefs.IsNotFound(err) {
			errs = append(errs, fmt.Errorf("remove service %s: %w", s.Spec.Name, err))
		}
	}
	secrets, err := m.SecretList(ctx, swarm.SecretListOptions{Filters: f})
	if err != nil {
		errs = append(errs, fmt.Errorf("list secrets of lab %s: %w", lb, err))
	}
	for _, s := range secrets {
		errs = append(errs, retryRemove(ctx, "secret "+s.Spec.Name, func(ctx context.Context) error { return m.SecretRemove(ctx, s.ID) }))
	}
	configs, err := m.ConfigList(ctx, swarm.ConfigListOptions{Filters: f})
	if err != nil {
		errs = append(errs, fmt.Errorf("list configs of lab %s: %w", lb, err))
	}
	for _, c := range configs {
		errs = append(errs, retryRemove(ctx, "config "+c.Spec.Name, func(ctx context.Context) error { return m.ConfigRemove(ctx, c.ID) }))
	}
	for _, node := range slices.Sorted(maps.Keys(sw.Nodes)) {
		if err := sweepNode(ctx, sw.Nodes[node], lb); err != nil {
			errs = append(errs, fmt.Errorf("node %s: %w", node, err))
		}
	}
	nets, err := m.NetworkList(ctx, network.ListOptions{Filters: f})
	if err != nil {
		errs = append(errs, fmt.Errorf("list networks of lab %s: %w", lb, err))
	}
	for _, n := range nets {
		errs = append(errs, retryRemove(ctx, "network "+n.Name, func(ctx context.Context) error { return m.NetworkRemove(ctx, n.ID) }))
	}
	if len(nets) > 0 {
		errs = append(errs, networksGone(ctx, sw, lb))
	}
	return errors.Join(errs...)
}

// sweepNode removes the run's containers, then its volumes and networks,
// from one node's engine.
func sweepNode(ctx context.Context, e sweeper, lb Lab) error {
	f := lb.filter()
	var errs []error
	list, err := e.ContainerList(ctx, container.ListOptions{All: true, Filters: f})
	if err != nil {
		return fmt.Errorf("list containers: %w", err)
	}
	for _, c := range list {
		// Swarm's agent may be removing a task's container already: the
		// engine says so (a conflict) until it is gone.
		errs = append(errs, retryRemove(ctx, "container "+c.ID, func(ctx context.Context) error {
			return e.ContainerRemove(ctx, c.ID, container.RemoveOptions{Force: true, RemoveVolumes: true})
		}))
	}
	vols, err := e.VolumeList(ctx, volume.ListOptions{Filters: f})
	if err != nil {
		return errors.Join(append(errs, fmt.Errorf("list volumes: %w", err))...)
	}
	for _, v := range vols.Volumes {
		// In use until Swarm's agent has removed the task's container.
		errs = append(errs, retryRemove(ctx, "volume "+v.Name, func(ctx context.Context) error { return e.VolumeRemove(ctx, v.Name, false) }))
	}
	nets, err := e.NetworkList(ctx, network.ListOptions{Filters: f})
	if err != nil {
		return errors.Join(append(errs, fmt.Errorf("list networks: %w", err))...)
	}
	for _, n := range nets {
		if n.Scope == "swarm" {
			continue // the manager's to remove, once no node uses it
		}
		errs = append(errs, retryRemove(ctx, "network "+n.Name, func(ctx context.Context) error { return e.NetworkRemove(ctx, n.ID) }))
	}
	return errors.Join(errs...)
}

// retryRemove tries a removal until it succeeds or finds nothing, within
// teardownTimeout: the swarm removes a service's tasks after the service,
// and their secrets, configs, volumes and network endpoints with them.
func retryRemove(ctx context.Context, what string, remove func(context.Context) error) error {
	var last error
	ok, err := poll.Run(ctx, poll.Bounds{Deadline: time.Now().Add(teardownTimeout), Interval: removeInterval}, func(ctx context.Context, _ time.Duration) bool {
		last = remove(ctx)
		return last == nil || errdefs.IsNotFound(last)
	})
	if err != nil {
		return fmt.Errorf("remove %s: %w", what, err)
	}
	if !ok {
		return fmt.Errorf("remove %s: %w", what, last)
	}
	return nil
}

// networksGone waits until no node lists any of the run's networks: the
// manager accepts an overlay network's removal at once, and each node
// lists its copy until its agent has let go of it.
func networksGone(ctx context.Context, sw Swarm, lb Lab) error {
	var left string
	ok, err := poll.Run(ctx, poll.Bounds{Deadline: time.Now().Add(teardownTimeout), Interval: removeInterval}, func(ctx context.Context, _ time.Duration) bool {
		for _, node := range slices.Sorted(maps.Keys(sw.Nodes)) {
			nets, err := sw.Nodes[node].NetworkList(ctx, network.ListOptions{Filters: lb.filter()})
			if err != nil || len(nets) > 0 {
				left = node
				return false
			}
		}
		return true
	})
	if err != nil {
		return fmt.Errorf("wait for the networks of lab %s to go: %w", lb, err)
	}
	if !ok {
		return fmt.Errorf("node %s still lists a network of lab %s after %s", left, lb, teardownTimeout)
	}
	return nil
}

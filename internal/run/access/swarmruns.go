package access

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	swarmnodes "github.com/saltlab/saltlab/internal/swarm"
	"github.com/saltlab/saltlab/internal/swarm/stack"
)

// SwarmRuns are the runs with a lab on one of the swarms saltlab built on
// this host (`saltlab swarm up`): run id -> owner, as lab.RunOwners says
// for the host's labs, and run id -> the swarm's name. The commands that
// find a run by the labs on the engine (status, heal, down) look here too:
// a swarm lab's containers run in the nodes' engines, not the host's.
type SwarmRuns struct {
	Owners map[string]string
	Swarm  map[string]string
}

// FindSwarmRuns looks into every swarm on host. A swarm that does not
// answer is skipped and named in the error, which does not stop the
// others from being listed.
func FindSwarmRuns(ctx context.Context, host *client.Client) (SwarmRuns, error) {
	out := SwarmRuns{Owners: map[string]string{}, Swarm: map[string]string{}}
	nodes, err := host.ContainerList(ctx, container.ListOptions{Filters: filters.NewArgs(filters.Arg("label", swarmnodes.NameLabel))})
	if err != nil {
		return out, fmt.Errorf("list the swarms on this host: %w", err)
	}
	names := map[string]bool{}
	for _, n := range nodes {
		names[n.Labels[swarmnodes.NameLabel]] = true
	}
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(names)) {
		owners, err := swarmOwners(ctx, host, name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for id, owner := range owners {
			if id == swarmnodes.RunID(name) {
				continue
			}
			out.Owners[id], out.Swarm[id] = owner, name
		}
	}
	return out, errors.Join(errs...)
}

// lookTimeout bounds the look into one swarm: a node whose engine does
// not answer (paused by a node fault, say) must not hold up a run that
// has nothing to do with it.
const lookTimeout = 20 * time.Second

// swarmOwners is lab.RunOwners over the nodes of swarm name.
func swarmOwners(ctx context.Context, host *client.Client, name string) (map[string]string, error) {
	ctx, cancel := context.WithTimeout(ctx, lookTimeout)
	defer cancel()
	t, err := OpenTarget(ctx, host, swarmState(name), nil)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	owners, err := lab.RunOwners(ctx, t.Docker)
	if err != nil {
		return nil, fmt.Errorf("list the labs on swarm %s: %w", name, err)
	}
	return owners, nil
}

// DownSwarmRun removes every lab of run runID from swarm name: each of
// its projects' services, secrets, configs, containers, volumes and
// networks (stack.Teardown per project).
func DownSwarmRun(ctx context.Context, host *client.Client, name, runID string, log io.Writer) error {
	t, err := OpenTarget(ctx, host, swarmState(name), log)
	if err != nil {
		return err
	}
	defer t.Close()
	projects := map[string]bool{}
	services, err := t.cluster.Manager.ServiceList(ctx, swarm.ServiceListOptions{Filters: filters.NewArgs(filters.Arg("label", labels.Run+"="+runID))})
	if err != nil {
		return fmt.Errorf("list the services of run %s on swarm %s: %w", runID, name, err)
	}
	for _, s := range services {
		projects[s.Spec.Labels[labels.Project]] = true
	}
	list, err := t.Docker.ContainerList(ctx, container.ListOptions{All: true, Filters: filters.NewArgs(filters.Arg("label", labels.Run+"="+runID))})
	if err != nil {
		return fmt.Errorf("list the containers of run %s on swarm %s: %w", runID, name, err)
	}
	for _, c := range list {
		projects[c.Labels[labels.Project]] = true
	}
	delete(projects, "")
	var errs []error
	for _, p := range slices.Sorted(maps.Keys(projects)) {
		if err := stack.Teardown(ctx, t.on.Swarm, stack.Lab{RunID: runID, Project: p}); err != nil {
			errs = append(errs, err)
			continue
		}
		fmt.Fprintf(t.log, "removed lab %s from swarm %s\n", p, name)
	}
	return errors.Join(errs...)
}

// SweepSwarms removes, from every swarm on host, the labs of runs whose
// runner died (lab.StaleRuns: an owner process that is gone, a lab never
// handed over), as the sweep at the start of `run` and `up` does on the
// host's engine. What it could not look at or remove goes to log.
func SweepSwarms(ctx context.Context, host *client.Client, log io.Writer) {
	sr, err := FindSwarmRuns(ctx, host)
	if err != nil {
		fmt.Fprintf(log, "warning: look for leftovers of earlier runs on the swarms: %v\n", err)
	}
	for _, id := range lab.StaleRuns(sr.Owners) {
		if err := DownSwarmRun(ctx, host, sr.Swarm[id], id, log); err != nil {
			fmt.Fprintf(log, "warning: sweep leftovers of run %s on swarm %s: %v\n", id, sr.Swarm[id], err)
			continue
		}
		fmt.Fprintf(log, "swept leftovers of dead run %s from swarm %s\n", id, sr.Swarm[id])
	}
}

func swarmState(name string) runstate.State {
	return runstate.State{Engine: runstate.EngineSwarm, Swarm: name}
}

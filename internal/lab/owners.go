package lab

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/volume"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

// lister is the part of the Docker client that finds labelled resources.
type lister interface {
	ContainerList(ctx context.Context, options container.ListOptions) ([]container.Summary, error)
	NetworkList(ctx context.Context, options network.ListOptions) ([]network.Summary, error)
	VolumeList(ctx context.Context, options volume.ListOptions) (volume.ListResponse, error)
}

// RunOwners maps every run id that still has resources on the engine to the
// owner label of those resources.
func RunOwners(ctx context.Context, cli lister) (map[string]string, error) {
	f := filters.NewArgs(filters.Arg("label", labels.Managed+"=true"))
	out := map[string]string{}
	add := func(l map[string]string) {
		// A detached marker wins over the creator's owner label.
		if id := l[labels.Run]; id != "" && out[id] != labels.DetachedOwner {
			out[id] = l[labels.Owner]
		}
	}
	cs, err := cli.ContainerList(ctx, container.ListOptions{All: true, Filters: f})
	if err != nil {
		return nil, fmt.Errorf("list lab containers: %w", err)
	}
	for _, c := range cs {
		add(c.Labels)
	}
	ns, err := cli.NetworkList(ctx, network.ListOptions{Filters: f})
	if err != nil {
		return nil, fmt.Errorf("list lab networks: %w", err)
	}
	for _, n := range ns {
		add(n.Labels)
	}
	vs, err := cli.VolumeList(ctx, volume.ListOptions{Filters: f})
	if err != nil {
		return nil, fmt.Errorf("list lab volumes: %w", err)
	}
	for _, v := range vs.Volumes {
		add(v.Labels)
	}
	return out, nil
}

// StaleRuns returns the runs whose owning saltlab process is gone from this
// host (SIGKILLed, crashed). Runs owned by a live process, by another host
// sharing the engine, or detached (`saltlab up`) are left alone so that
// labs can run side by side.
func StaleRuns(owners map[string]string) []string {
	host, _ := os.Hostname()
	var stale []string
	for run, owner := range owners {
		// An up-owned run that was not marked detached died during up.
		owner = strings.TrimPrefix(owner, labels.UpOwnerPrefix)
		h, pidText, ok := strings.Cut(owner, ":")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || h != host {
			continue
		}
		if !processAlive(pid) {
			stale = append(stale, run)
		}
	}
	sort.Strings(stale)
	return stale
}

func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// volumeCreator is the part of the Docker client markDetached needs.
type volumeCreator interface {
	VolumeCreate(ctx context.Context, options volume.CreateOptions) (volume.Volume, error)
}

// MarkDetached creates the run's marker volume whose owner label is
// labels.DetachedOwner. Labels cannot change after create, so the marker is
// how a lab outlives the process that created it without being swept.
func MarkDetached(ctx context.Context, cli volumeCreator, runID, project string) error {
	lbl := labels.ForRun(runID, project)
	lbl[labels.Owner] = labels.DetachedOwner
	if _, err := cli.VolumeCreate(ctx, volume.CreateOptions{Name: project + "_saltlab-detached", Labels: lbl}); err != nil {
		return fmt.Errorf("mark run %s detached: %w", runID, err)
	}
	return nil
}

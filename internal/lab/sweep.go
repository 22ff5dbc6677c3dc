package lab

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/volume"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

// sweepPasses is how many list-and-remove passes Sweep makes. The second
// catches objects whose create raced with the first listing (a create
// request in flight when a run was cancelled) and objects whose removal
// failed only because a container still held them.
const sweepPasses = 2

// Swept counts the objects Sweep removed.
type Swept struct {
	Containers, Networks, Volumes int
}

// String renders the counts for log lines.
func (s Swept) String() string {
	return fmt.Sprintf("%d containers, %d networks, %d volumes", s.Containers, s.Networks, s.Volumes)
}

// Sweep removes the containers (forced, with their anonymous volumes), then
// the networks, then the volumes that carry ALL the given labels, e.g.
// {labels.Run: id} or {labels.Managed: "true"}. Objects already gone count
// as removed by someone else, so Sweep is idempotent. The error joins what
// could not be removed in the last pass.
func Sweep(ctx context.Context, cli Docker, match map[string]string) (Swept, error) {
	var total Swept
	if len(match) == 0 {
		// An empty filter matches every object on the daemon.
		return total, errors.New("sweep: refusing to sweep with no label to match")
	}
	var errs []error
	for range sweepPasses {
		var s Swept
		s, errs = sweepOnce(ctx, cli, labelFilter(match))
		total.Containers += s.Containers
		total.Networks += s.Networks
		total.Volumes += s.Volumes
	}
	if err := errors.Join(errs...); err != nil {
		return total, fmt.Errorf("sweep %s: %w", describeMatch(match), err)
	}
	return total, nil
}

func sweepOnce(ctx context.Context, cli Docker, f filters.Args) (Swept, []error) {
	var s Swept
	var errs []error
	gone := func(err error) bool { return err == nil || errdefs.IsNotFound(err) }

	ctrs, err := cli.ContainerList(ctx, container.ListOptions{All: true, Filters: f})
	if err != nil {
		errs = append(errs, fmt.Errorf("list containers: %w", err))
	}
	// Removed concurrently (bounded like creates): a 50-minion lab took
	// 48 s to remove one container at a time.
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, createConcurrency)
	for _, c := range ctrs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			err := cli.ContainerRemove(ctx, c.ID, container.RemoveOptions{Force: true, RemoveVolumes: true})
			mu.Lock()
			defer mu.Unlock()
			if gone(err) {
				s.Containers++
				return
			}
			errs = append(errs, fmt.Errorf("remove container %s: %w", containerLabel(c), err))
		}()
	}
	wg.Wait()

	nets, err := cli.NetworkList(ctx, network.ListOptions{Filters: f})
	if err != nil {
		errs = append(errs, fmt.Errorf("list networks: %w", err))
	}
	for _, n := range nets {
		err := cli.NetworkRemove(ctx, n.ID)
		if gone(err) {
			s.Networks++
			continue
		}
		errs = append(errs, explainNetworkRemove(n.Name, err, len(ctrs)))
	}

	vols, err := cli.VolumeList(ctx, volume.ListOptions{Filters: f})
	if err != nil {
		errs = append(errs, fmt.Errorf("list volumes: %w", err))
	}
	for _, v := range vols.Volumes {
		err := cli.VolumeRemove(ctx, v.Name, true)
		if gone(err) {
			s.Volumes++
			continue
		}
		errs = append(errs, fmt.Errorf("remove volume %s: %w", v.Name, err))
	}
	return s, errs
}

func labelFilter(match map[string]string) filters.Args {
	f := filters.NewArgs()
	for k, v := range match {
		f.Add("label", k+"="+v)
	}
	return f
}

func describeMatch(match map[string]string) string {
	parts := make([]string, 0, len(match))
	for k, v := range match {
		parts = append(parts, k+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func containerLabel(c container.Summary) string {
	if len(c.Names) > 0 {
		return strings.TrimPrefix(c.Names[0], "/")
	}
	return c.ID
}

// ServicesOf lists the services that have a container on the engine in run
// runID, sorted: what a fault may target, also for a lab whose compose
// files are not at hand.
func ServicesOf(ctx context.Context, cli Docker, runID string) ([]string, error) {
	cs, err := cli.ContainerList(ctx, container.ListOptions{All: true, Filters: labelFilter(map[string]string{labels.Run: runID})})
	if err != nil {
		return nil, fmt.Errorf("list containers of run %s: %w", runID, err)
	}
	var out []string
	for _, c := range cs {
		if s := c.Labels[labels.Service]; s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out, nil
}

// explainNetworkRemove is the error of a network that would not go. When
// the sweep found no container of the lab left and the engine still says
// the network "has active endpoints", the engine holds a stale endpoint of
// a removed container: a Docker Engine defect (20.10, moby/moby#43286,
// seen here after a 24-container lab went down) that no API call clears
// and a restart of the engine does. The error says so and how to finish.
func explainNetworkRemove(name string, err error, containersLeft int) error {
	if containersLeft == 0 && strings.Contains(err.Error(), "has active endpoints") {
		return fmt.Errorf("remove network %s: %w: no container of the lab is left, so the engine holds a stale endpoint "+
			"(a Docker Engine defect, moby/moby#43286) that only restarting the engine clears: restart the Docker engine, then run `saltlab down --all`", name, err)
	}
	return fmt.Errorf("remove network %s: %w", name, err)
}

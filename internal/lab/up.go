package lab

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/compose-spec/compose-go/v2/graph"
	"github.com/compose-spec/compose-go/v2/types"
	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/volume"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

// Up creates the networks, the volumes, then the containers (ahead of
// their starts), starts them in dependency order, honouring depends_on
// conditions, and finally waits until every container with a healthcheck
// is healthy. Its waits follow the engine's events for the project. It fails fast, naming the
// service, its state, exit code and last log lines, when a container exits
// or turns unhealthy before it was ever ready (one that was ready gets the
// rest of its bound to recover: waitHealthy). Whatever happens, call Down afterwards: Up does not
// clean up after itself, so a failed lab can still be inspected.
func (l *Lab) Up(ctx context.Context) error {
	if l.cli == nil {
		return fmt.Errorf("up project %s: %s", l.opts.Project, noClient)
	}
	start := time.Now()
	l.out.printf("up: project %s (run %s): %d services", l.opts.Project, l.opts.RunID, len(l.specs))
	if err := l.checkImages(ctx); err != nil {
		return err
	}
	if err := l.createNetworks(ctx); err != nil {
		return err
	}
	if err := l.createVolumes(ctx); err != nil {
		return err
	}
	if ev, ok := l.cli.(Eventer); ok {
		c, stop := watchChanges(ctx, ev, l.opts.Project)
		l.changes.Store(c)
		defer func() { l.changes.Store(nil); stop() }()
	}
	l.probes = newStartProbes(ctx)
	defer func() { l.probes.stop(); l.probes = nil }()
	created := l.createAhead(ctx)
	seeds := l.planKeySeeds()
	err := graph.InDependencyOrder(ctx, l.project, func(ctx context.Context, name string, s types.ServiceConfig) error {
		if err := l.awaitDependencies(ctx, s); err != nil {
			return err
		}
		if err := created.await(ctx, name); err != nil {
			return err
		}
		if err := l.seedBeforeStart(ctx, seeds, created, name); err != nil {
			return err
		}
		if err := l.startService(ctx, name); err != nil {
			return err
		}
		l.beginStartProbe(name)
		return nil
	}, graph.WithMaxConcurrency(createConcurrency))
	created.finish()
	l.mu.Lock()
	l.keySeeds = seeds.seeds
	l.mu.Unlock()
	if err != nil {
		return fmt.Errorf("up project %s: %w", l.opts.Project, err)
	}
	if err := l.awaitSettled(ctx); err != nil {
		return fmt.Errorf("up project %s: %w", l.opts.Project, err)
	}
	l.out.printf("up: project %s ready in %s", l.opts.Project, since(start))
	return nil
}

// checkImages verifies every image is present before anything is created:
// there is no registry, and a missing image must not leave half a lab.
func (l *Lab) checkImages(ctx context.Context) error {
	checked := map[string]bool{}
	for _, name := range l.Services() {
		img := l.specs[name].config.Image
		if checked[img] {
			continue
		}
		checked[img] = true
		if _, err := l.cli.ImageInspect(ctx, img); err != nil {
			if errdefs.IsNotFound(err) {
				return fmt.Errorf("service %q: image %s not found locally; run `saltlab images`", name, img)
			}
			return fmt.Errorf("inspect image %s of service %q: %w", img, name, err)
		}
	}
	return nil
}

func (l *Lab) createNetworks(ctx context.Context) error {
	for _, key := range sortedKeys(l.project.Networks) {
		n := l.project.Networks[key]
		if n.External {
			continue
		}
		lbl := l.resourceLabels(n.Labels, composeNetwork, key)
		opts := network.CreateOptions{
			Driver:     n.Driver,
			Internal:   n.Internal,
			Attachable: n.Attachable,
			Options:    n.DriverOpts,
			EnableIPv6: n.EnableIPv6,
			Labels:     lbl,
		}
		if opts.Driver == "" {
			opts.Driver = "bridge"
		}
		if len(n.Ipam.Config) > 0 || n.Ipam.Driver != "" {
			opts.IPAM = &network.IPAM{Driver: n.Ipam.Driver}
			for _, c := range n.Ipam.Config {
				opts.IPAM.Config = append(opts.IPAM.Config, network.IPAMConfig{Subnet: c.Subnet, IPRange: c.IPRange, Gateway: c.Gateway})
			}
		}
		t := time.Now()
		if _, err := l.cli.NetworkCreate(ctx, n.Name, opts); err != nil {
			if subnetTaken(err) {
				err = fmt.Errorf("%w: %w", ErrSubnetTaken, err)
			}
			return fmt.Errorf("create network %s: %w", n.Name, err)
		}
		l.out.printf("network %s created (%s)", n.Name, since(t))
	}
	return nil
}

func (l *Lab) createVolumes(ctx context.Context) error {
	for _, key := range sortedKeys(l.project.Volumes) {
		v := l.project.Volumes[key]
		if v.External && v.Labels[labels.Cache] != "" {
			// A cache saltlab keeps across runs: created once, by whichever
			// lab needs it first (creating an existing volume is a no-op).
			lbl := map[string]string{labels.Managed: "true", labels.Cache: v.Labels[labels.Cache]}
			if _, err := l.cli.VolumeCreate(ctx, volume.CreateOptions{Name: v.Name, Labels: lbl}); err != nil {
				return fmt.Errorf("create cache volume %s: %w", v.Name, err)
			}
			continue
		}
		if v.External {
			continue
		}
		lbl := l.resourceLabels(v.Labels, composeVolume, key)
		if _, err := l.cli.VolumeCreate(ctx, volume.CreateOptions{Name: v.Name, Driver: v.Driver, DriverOpts: v.DriverOpts, Labels: lbl}); err != nil {
			return fmt.Errorf("create volume %s: %w", v.Name, err)
		}
		l.out.printf("volume %s created", v.Name)
	}
	return nil
}

// ErrSubnetTaken marks a network create that lost a race for its subnet to
// another network (e.g. a lab started at the same moment); the caller may
// pick another subnet and try again.
var ErrSubnetTaken = errors.New("subnet already in use")

// subnetTaken recognises the daemon's overlap error; the API has no code
// for it ("Pool overlaps with other one on this address space").
func subnetTaken(err error) bool {
	return strings.Contains(err.Error(), "Pool overlaps")
}

// startService starts the service's container, which createAhead made.
func (l *Lab) startService(ctx context.Context, name string) error {
	spec := l.specs[name]
	id, err := l.ContainerID(name)
	if err != nil {
		return err
	}
	t := time.Now()
	if err := l.cli.ContainerStart(ctx, id, container.StartOptions{}); err != nil {
		return fmt.Errorf("start container %s: %w", spec.name, err)
	}
	l.out.printf("service %s started (%s)", name, since(t))
	return nil
}

// awaitDependencies waits for the depends_on conditions of one service; the
// graph walk guarantees the dependencies were started already.
func (l *Lab) awaitDependencies(ctx context.Context, s types.ServiceConfig) error {
	for _, dep := range sortedKeys(s.DependsOn) {
		d := s.DependsOn[dep]
		if _, ok := l.specs[dep]; !ok {
			if d.Required {
				return fmt.Errorf("service %q depends on %q, which is not enabled (profiles?)", s.Name, dep)
			}
			continue
		}
		t := time.Now()
		var err error
		switch d.Condition {
		case types.ServiceConditionHealthy:
			_, err = l.waitHealthy(ctx, dep)
		case types.ServiceConditionCompletedSuccessfully:
			err = l.waitCompleted(ctx, dep)
		case types.ServiceConditionStarted, "":
			// Started by the graph walk before this visitor ran.
			continue
		default:
			err = fmt.Errorf("unknown depends_on condition %q", d.Condition)
		}
		if err != nil {
			return fmt.Errorf("service %q: dependency %s: %w", s.Name, d.Condition, err)
		}
		l.out.printf("condition %s of %s met for %s after %s", d.Condition, dep, s.Name, since(t))
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Package lab runs one compose project as a saltlab lab: compose-go parses
// and validates the files, and the Docker Engine API (1.41 on our machines)
// does the rest. No docker compose binary is involved, so every API-1.41
// quirk is handled here and every object carries saltlab's run labels, which
// is what makes Down and Sweep reliable after a crash.
package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
	dockertypes "github.com/docker/docker/api/types"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/volume"
	"github.com/docker/docker/client"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
)

// DefaultHealthTimeout bounds each dependency condition and health wait when
// Options.HealthTimeout is zero.
const DefaultHealthTimeout = 120 * time.Second

// Options selects the compose files and the identity of one lab.
type Options struct {
	// Files are the compose files; the first is primary, later ones are
	// overrides merged by compose-go. Relative paths in them resolve against
	// the directory of the first file.
	Files []string
	// Project is the compose project name, unique per run
	// (e.g. "saltlab-failover-<runid>"). It overrides `name:` in the files.
	Project string
	// RunID is the run id stored in the labels.Run label.
	RunID string
	// Topology and Flavor are stored as label values only.
	Topology string
	Flavor   string
	// Owner overrides the labels.Owner value (default labels.OwnerID()).
	Owner string
	// Env holds the interpolation variables. The OS environment and .env
	// files are NOT read, so a run is reproducible from its options alone.
	Env map[string]string
	// Profiles enables compose profiles; services of other profiles are not
	// created.
	Profiles []string
	// Log receives phase lines with elapsed times; nil discards them.
	Log io.Writer
	// HealthTimeout bounds each dependency condition and health wait
	// (DefaultHealthTimeout when zero).
	HealthTimeout time.Duration
	// Transform, when set, rewrites the loaded compose model before it is
	// validated and converted (e.g. saltlab's per-run knobs: scaled
	// minions, extra read-only mounts).
	Transform func(*types.Project) error
}

// Docker is the part of the Docker Engine client the lab uses;
// *client.Client satisfies it, tests may fake it.
type Docker interface {
	ImageInspect(ctx context.Context, ref string, opts ...client.ImageInspectOption) (image.InspectResponse, error)

	NetworkCreate(ctx context.Context, name string, options network.CreateOptions) (network.CreateResponse, error)
	NetworkConnect(ctx context.Context, networkID, containerID string, config *network.EndpointSettings) error
	NetworkList(ctx context.Context, options network.ListOptions) ([]network.Summary, error)
	NetworkRemove(ctx context.Context, networkID string) error

	VolumeCreate(ctx context.Context, options volume.CreateOptions) (volume.Volume, error)
	VolumeList(ctx context.Context, options volume.ListOptions) (volume.ListResponse, error)
	VolumeRemove(ctx context.Context, volumeID string, force bool) error

	ContainerCreate(ctx context.Context, config *container.Config, hostConfig *container.HostConfig, networkingConfig *network.NetworkingConfig, platform *ocispec.Platform, containerName string) (container.CreateResponse, error)
	ContainerStart(ctx context.Context, containerID string, options container.StartOptions) error
	ContainerStop(ctx context.Context, containerID string, options container.StopOptions) error
	ContainerKill(ctx context.Context, containerID, signal string) error
	ContainerUnpause(ctx context.Context, containerID string) error
	ContainerRemove(ctx context.Context, containerID string, options container.RemoveOptions) error
	ContainerList(ctx context.Context, options container.ListOptions) ([]container.Summary, error)
	ContainerInspect(ctx context.Context, containerID string) (container.InspectResponse, error)
	ContainerLogs(ctx context.Context, containerID string, options container.LogsOptions) (io.ReadCloser, error)
	CopyFromContainer(ctx context.Context, containerID, srcPath string) (io.ReadCloser, container.PathStat, error)

	ContainerExecCreate(ctx context.Context, containerID string, options container.ExecOptions) (container.ExecCreateResponse, error)
	ContainerExecAttach(ctx context.Context, execID string, options container.ExecAttachOptions) (dockertypes.HijackedResponse, error)
	ContainerExecInspect(ctx context.Context, execID string) (container.ExecInspect, error)
}

// Lab is one loaded compose project bound to a Docker daemon.
type Lab struct {
	cli     Docker
	opts    Options
	project *types.Project
	specs   map[string]*containerSpec // enabled services only
	out     *phaseLog

	mu  sync.Mutex
	ids map[string]string // service -> container id, filled by Up
	// keySeeds are the key pairs Up wrote onto shared key volumes.
	keySeeds []KeySeed

	// changes wakes Up's waits on engine events; nil when the client
	// streams none (the waits then inspect every healthPollInterval).
	// Atomic: a caller's Readiness calls Changed from its own goroutines,
	// also as Up returns.
	changes atomic.Pointer[changes]
	// eventFallback spaces a wait's inspects while events wake it
	// (eventFallbackInterval; tests make it long, to see the events work).
	eventFallback time.Duration
	// readiness is the caller's evidence of readiness (SetReadiness).
	readiness Readiness
	// probes runs starting services' health tests during Up.
	probes *startProbes
	// health remembers which services were ready during Up, so a wait
	// tells a relapse under load from a service that never worked.
	health healthMemory
}

// Project returns the compose project name of the lab.
func (l *Lab) Project() string { return l.opts.Project }

// Services returns the enabled service names, sorted.
func (l *Lab) Services() []string {
	names := make([]string, 0, len(l.specs))
	for name := range l.specs {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Without takes services the lab does not run out of it (on Swarm, those
// the deploy has no work for), so health checks, status and logs do not
// wait on a container that never comes.
func (l *Lab) Without(services ...string) {
	for _, s := range services {
		delete(l.specs, s)
	}
}

// ContainerID returns the id of the service's container as created by Up.
func (l *Lab) ContainerID(service string) (string, error) {
	if err := l.checkService(service); err != nil {
		return "", err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	id, ok := l.ids[service]
	if !ok {
		return "", fmt.Errorf("service %q of project %s has no container yet (was Up called?)", service, l.opts.Project)
	}
	return id, nil
}

// NetworkName returns the Docker name of a compose network key such as
// "default", e.g. for chaos code that disconnects containers.
func (l *Lab) NetworkName(key string) (string, error) {
	n, ok := l.project.Networks[key]
	if !ok {
		return "", fmt.Errorf("project %s has no network %q", l.opts.Project, key)
	}
	return n.Name, nil
}

// ContainerName returns the container name Up gives the service:
// "<project>-<service>-1", like docker compose.
func (l *Lab) ContainerName(service string) string {
	return containerName(l.opts.Project, service)
}

func containerName(project, service string) string {
	return project + "-" + service + "-1"
}

// ContainerNameOf is the container name Up gives service in project, for
// code that drives a lab without loading its compose files (chaos, heal).
func ContainerNameOf(project, service string) string { return containerName(project, service) }

// ref names the service's container for API calls: its id once Up created
// it, otherwise its deterministic name, so a Lab loaded by another process
// can still drive an existing lab.
func (l *Lab) ref(service string) (string, error) {
	if err := l.checkService(service); err != nil {
		return "", err
	}
	if l.cli == nil {
		return "", errors.New(noClient)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if id, ok := l.ids[service]; ok {
		return id, nil
	}
	return containerName(l.opts.Project, service), nil
}

func (l *Lab) checkService(service string) error {
	if _, ok := l.specs[service]; !ok {
		return fmt.Errorf("unknown service %q in project %s (services: %s)", service, l.opts.Project, strings.Join(l.Services(), ", "))
	}
	return nil
}

func (l *Lab) setID(service, id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.ids[service] = id
}

// noClient is the error of operations on a Lab loaded without a Docker
// client (Load accepts nil for validation only).
const noClient = "lab was loaded without a Docker client"

// phaseLog writes timestamped phase lines; goroutines of Up share it.
type phaseLog struct {
	mu    sync.Mutex
	w     io.Writer
	start time.Time
}

func newPhaseLog(w io.Writer) *phaseLog {
	if w == nil {
		w = io.Discard
	}
	return &phaseLog{w: w, start: time.Now()}
}

func (p *phaseLog) printf(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "[%7.3fs] %s\n", time.Since(p.start).Seconds(), fmt.Sprintf(format, args...))
}

// since formats an elapsed time for phase lines.
func since(t time.Time) string {
	return time.Since(t).Round(time.Millisecond).String()
}

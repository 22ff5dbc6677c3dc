package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/containerd/errdefs"
	dockertypes "github.com/docker/docker/api/types"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/volume"
	"github.com/docker/docker/client"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeDocker records what Up does. Containers are running (and healthy when
// they have a healthcheck) unless listed in exits. Methods Up does not call
// are left to the embedded nil interface and would panic.
type fakeDocker struct {
	Docker
	missing map[string]bool // images absent
	exits   map[string]int  // container name -> exit code of a one-shot
	netErr  error           // returned by NetworkCreate
	// starting lists containers whose health check never passes.
	starting map[string]bool
	// execExit, when set, is the exit code of a command run in a container.
	execExit func(id string) int
	started  map[string]bool
	// health, when set, is a running container's health status at its
	// n-th inspect since it started (n from 1), overriding starting.
	health   func(id string, n int) string
	inspects map[string]int

	mu      sync.Mutex
	calls   []string
	configs map[string]*container.Config
}

func (f *fakeDocker) record(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, fmt.Sprintf(format, args...))
}

func (f *fakeDocker) ImageInspect(_ context.Context, ref string, _ ...client.ImageInspectOption) (image.InspectResponse, error) {
	if f.missing[ref] {
		return image.InspectResponse{}, fmt.Errorf("no such image: %s: %w", ref, errdefs.ErrNotFound)
	}
	return image.InspectResponse{}, nil
}

func (f *fakeDocker) NetworkCreate(_ context.Context, name string, _ network.CreateOptions) (network.CreateResponse, error) {
	f.record("network %s", name)
	if f.netErr != nil {
		return network.CreateResponse{}, f.netErr
	}
	return network.CreateResponse{ID: name}, nil
}

func (f *fakeDocker) NetworkConnect(_ context.Context, net, ctr string, _ *network.EndpointSettings) error {
	f.record("connect %s %s", ctr, net)
	return nil
}

func (f *fakeDocker) VolumeCreate(_ context.Context, o volume.CreateOptions) (volume.Volume, error) {
	f.record("volume %s", o.Name)
	return volume.Volume{Name: o.Name}, nil
}

func (f *fakeDocker) ContainerCreate(_ context.Context, cfg *container.Config, _ *container.HostConfig, _ *network.NetworkingConfig, _ *ocispec.Platform, name string) (container.CreateResponse, error) {
	f.record("create %s", name)
	f.mu.Lock()
	f.configs[name] = cfg
	f.mu.Unlock()
	return container.CreateResponse{ID: name}, nil
}

func (f *fakeDocker) ContainerStart(_ context.Context, id string, _ container.StartOptions) error {
	f.record("start %s", id)
	f.mu.Lock()
	f.started[id] = true
	f.mu.Unlock()
	return nil
}

func (f *fakeDocker) ContainerInspect(_ context.Context, id string) (container.InspectResponse, error) {
	f.mu.Lock()
	cfg := f.configs[id]
	starting, started := f.starting[id], f.started[id]
	if started {
		f.inspects[id]++
	}
	n := f.inspects[id]
	f.mu.Unlock()
	st := &container.State{Status: container.StateRunning, Running: true}
	if !started { // as Docker says of a container created, not started
		st = &container.State{Status: container.StateCreated}
	} else if code, ok := f.exits[id]; ok {
		st = &container.State{Status: container.StateExited, ExitCode: code}
	}
	if cfg != nil && cfg.Healthcheck != nil {
		st.Health = &container.Health{Status: container.Healthy}
		if starting {
			st.Health.Status = container.Starting
		}
		if f.health != nil && started {
			st.Health.Status = f.health(id, n)
		}
	}
	return container.InspectResponse{ContainerJSONBase: &container.ContainerJSONBase{State: st}, Config: cfg}, nil
}

func (f *fakeDocker) ContainerLogs(context.Context, string, container.LogsOptions) (io.ReadCloser, error) {
	return io.NopCloser(strings.NewReader("")), nil
}

// ContainerExecCreate fails unless execExit is set: most fakes run no
// health test of their own, and Up falls back to Docker's.
func (f *fakeDocker) ContainerExecCreate(_ context.Context, id string, o container.ExecOptions) (container.ExecCreateResponse, error) {
	f.record("exec %s %s", id, strings.Join(o.Cmd, " "))
	if f.execExit == nil {
		return container.ExecCreateResponse{}, fmt.Errorf("fake: no exec in %s", id)
	}
	return container.ExecCreateResponse{ID: id}, nil
}

func (f *fakeDocker) ContainerExecAttach(context.Context, string, container.ExecAttachOptions) (dockertypes.HijackedResponse, error) {
	client, server := net.Pipe()
	server.Close() // no output: the stream ends at once
	return dockertypes.NewHijackedResponse(client, ""), nil
}

func (f *fakeDocker) ContainerExecInspect(_ context.Context, id string) (container.ExecInspect, error) {
	return container.ExecInspect{ExitCode: f.execExit(id)}, nil
}

func newFake() *fakeDocker {
	return &fakeDocker{missing: map[string]bool{}, exits: map[string]int{}, configs: map[string]*container.Config{}, starting: map[string]bool{}, started: map[string]bool{}, inspects: map[string]int{}}
}

func (f *fakeDocker) index(t *testing.T, call string) int {
	t.Helper()
	for i, c := range f.calls {
		if c == call {
			return i
		}
	}
	t.Fatalf("no call %q in %q", call, f.calls)
	return -1
}

func TestUpDependencyOrder(t *testing.T) {
	fake := newFake()
	const p = "saltlab-unit-20261122-000000-abcdef"
	fake.exits[p+"-a-1"] = 0
	opts := testOptions("chain.yaml")
	l, err := Load(context.Background(), fake, opts)
	require.NoError(t, err)
	require.NoError(t, l.Up(context.Background()))

	assert.Less(t, fake.index(t, "network "+p+"_default"), fake.index(t, "create "+p+"-a-1"), "networks before containers")
	assert.Less(t, fake.index(t, "create "+p+"-b-1"), fake.index(t, "start "+p+"-b-1"))
	assert.Less(t, fake.index(t, "start "+p+"-a-1"), fake.index(t, "start "+p+"-b-1"))
	assert.Less(t, fake.index(t, "start "+p+"-b-1"), fake.index(t, "start "+p+"-c-1"))
	fake.index(t, "start "+p+"-solo-1")
	id, err := l.ContainerID("c")
	require.NoError(t, err)
	assert.Equal(t, p+"-c-1", id)
}

func TestUpFailsOnOneShotExit(t *testing.T) {
	fake := newFake()
	const p = "saltlab-unit-20261122-000000-abcdef"
	fake.exits[p+"-a-1"] = 3
	l, err := Load(context.Background(), fake, testOptions("chain.yaml"))
	require.NoError(t, err)
	err = l.Up(context.Background())
	require.Error(t, err)
	assert.Contains(t, err.Error(), `service "b": dependency service_completed_successfully: service "a" exited with code 3 [state exited, exit code 3`)
	for _, c := range fake.calls {
		assert.NotEqual(t, "start "+p+"-b-1", c, "b must not be started")
		assert.NotEqual(t, "start "+p+"-c-1", c, "c must not be started")
	}
}

// Containers are created ahead of their starts, the services with fewer
// dependencies first, and a start waits only for its own create and its
// conditions.
func TestCreationOrder(t *testing.T) {
	l, err := Load(context.Background(), nil, testOptions("chain.yaml"))
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "solo", "b", "c"}, creationOrder(l.project, l.Services()))
}

// TestHealthWaitGivesTheServiceItsStartPeriod: a health wait lasts
// HealthTimeout plus the start period the service's own health check
// declares (a swarm of real minions declares one by its fleet's size), and
// its failure says how the bound was made.
func TestHealthWaitGivesTheServiceItsStartPeriod(t *testing.T) {
	tests := []struct {
		name  string
		start time.Duration
		want  string
	}{
		{"none", 0, `service "c": dependency service_healthy: service "b" did not become healthy within 20ms (HealthTimeout 20ms)`},
		{"declared", 30 * time.Millisecond, `service "b" did not become healthy within 50ms (HealthTimeout 20ms + the service's start_period 30ms)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := newFake()
			const p = "saltlab-unit-20261122-000000-abcdef"
			fake.exits[p+"-a-1"] = 0
			fake.starting[p+"-b-1"] = true
			opts := testOptions("chain.yaml")
			opts.HealthTimeout = 20 * time.Millisecond
			opts.Transform = func(pr *types.Project) error {
				b := pr.Services["b"]
				if tt.start > 0 {
					d := types.Duration(tt.start)
					b.HealthCheck.StartPeriod = &d
				}
				pr.Services["b"] = b
				return nil
			}
			l, err := Load(context.Background(), fake, opts)
			require.NoError(t, err)
			err = l.Up(context.Background())
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// A service that was ready and then turns unhealthy (a master's strict
// probe while a fleet starts) gets the rest of its bound to recover; one
// that is unhealthy before it was ever ready fails at once.
func TestHealthWaitLetsAReadyServiceRecover(t *testing.T) {
	const b = "saltlab-unit-20261122-000000-abcdef-b-1"
	tests := []struct {
		name    string
		health  func(n int) string // b's status at its n-th inspect
		wantErr string             // "" for an Up that passes
		wantLog []string
	}{
		{
			name: "relapse, then healthy again",
			health: func(n int) string {
				if n >= 2 && n <= 4 {
					return container.Unhealthy
				}
				return container.Healthy
			},
			wantLog: []string{"service b turned unhealthy after it was ready", "service b healthy again after"},
		},
		{
			name: "relapse that lasts",
			health: func(n int) string {
				if n >= 2 {
					return container.Unhealthy
				}
				return container.Healthy
			},
			wantErr: `service "b" did not become healthy within 1.2s (HealthTimeout 1.2s) [state running, exit code 0, health unhealthy]`,
			wantLog: []string{"service b turned unhealthy after it was ready"},
		},
		{
			name:    "unhealthy before it was ever ready",
			health:  func(int) string { return container.Unhealthy },
			wantErr: `service "c": dependency service_healthy: service "b" became unhealthy [state running`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := newFake()
			fake.exits["saltlab-unit-20261122-000000-abcdef-a-1"] = 0
			fake.health = func(id string, n int) string {
				if id == b {
					return tt.health(n)
				}
				return container.Healthy
			}
			var log strings.Builder
			opts := testOptions("chain.yaml")
			opts.HealthTimeout = 1200 * time.Millisecond
			opts.Log = &log
			l, err := Load(context.Background(), fake, opts)
			require.NoError(t, err)
			err = l.Up(context.Background())
			if tt.wantErr == "" {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
			}
			for _, want := range tt.wantLog {
				assert.Contains(t, log.String(), want)
			}
			if len(tt.wantLog) == 0 {
				assert.NotContains(t, log.String(), "after it was ready")
			}
		})
	}
}

func TestUpChecksImagesBeforeSideEffects(t *testing.T) {
	fake := newFake()
	fake.missing["saltlab/other:test"] = true
	l, err := Load(context.Background(), fake, testOptions("chain.yaml"))
	require.NoError(t, err)
	err = l.Up(context.Background())
	require.Error(t, err)
	assert.Equal(t, "service \"solo\": image saltlab/other:test not found locally; run `saltlab images`", err.Error())
	assert.Empty(t, fake.calls)
}

func TestSweepRefusesEmptyMatch(t *testing.T) {
	_, err := Sweep(context.Background(), newFake(), nil)
	assert.ErrorContains(t, err, "refusing")
}

func TestUpMarksSubnetRaces(t *testing.T) {
	tests := []struct {
		name  string
		err   error
		taken bool
	}{
		{"overlap", errors.New("Error response from daemon: Pool overlaps with other one on this address space"), true},
		{"other", errors.New("Error response from daemon: plugin not found"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := newFake()
			fake.netErr = tt.err
			l, err := Load(context.Background(), fake, testOptions("chain.yaml"))
			require.NoError(t, err)
			err = l.Up(context.Background())
			require.Error(t, err)
			assert.Equal(t, tt.taken, errors.Is(err, ErrSubnetTaken), err.Error())
			assert.ErrorContains(t, err, tt.err.Error())
		})
	}
}

func TestLoadAppliesTransform(t *testing.T) {
	opts := testOptions("chain.yaml")
	opts.Transform = func(p *types.Project) error {
		delete(p.Services, "solo")
		return nil
	}
	l, err := Load(context.Background(), nil, opts)
	require.NoError(t, err)
	assert.NotContains(t, l.Services(), "solo")
	opts.Transform = func(*types.Project) error { return errors.New("bad knob") }
	_, err = Load(context.Background(), nil, opts)
	assert.ErrorContains(t, err, "bad knob")
}

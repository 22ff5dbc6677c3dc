package stack

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

	"github.com/containerd/errdefs"
	dockertypes "github.com/docker/docker/api/types"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/docker/api/types/volume"
	"github.com/docker/docker/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/usage"
)

// fakeSwarm is a manager that keeps what it was asked to create, runs
// every task at once and logs each call; tests double only the engine.
type fakeSwarm struct {
	mu       sync.Mutex
	log      []string
	images   map[string]bool
	failOn   string // a service name whose create fails
	services map[string]swarm.Service
	objects  map[string]map[string]string // kind -> id -> name
}

func newFakeSwarm() *fakeSwarm {
	return &fakeSwarm{images: map[string]bool{"saltlab/salt-sim:latest": true, "saltlab/base:bookworm": true},
		services: map[string]swarm.Service{}, objects: map[string]map[string]string{"network": {}, "secret": {}, "config": {}}}
}

func (f *fakeSwarm) logf(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.log = append(f.log, fmt.Sprintf(format, args...))
}

func (f *fakeSwarm) ImageInspect(_ context.Context, ref string, _ ...client.ImageInspectOption) (image.InspectResponse, error) {
	if !f.images[ref] {
		return image.InspectResponse{}, fmt.Errorf("%s: %w", "no such image: "+ref, errdefs.ErrNotFound)
	}
	return image.InspectResponse{ID: "sha256:" + ref}, nil
}

func (f *fakeSwarm) add(kind, name string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := kind + "-" + name
	f.objects[kind][id] = name
	return id
}

func (f *fakeSwarm) remove(kind, id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.objects[kind][id]; !ok {
		return fmt.Errorf("%s: %w", "no such "+kind, errdefs.ErrNotFound)
	}
	delete(f.objects[kind], id)
	return nil
}

func (f *fakeSwarm) NetworkCreate(_ context.Context, name string, o network.CreateOptions) (network.CreateResponse, error) {
	f.logf("network %s %s attachable=%v run=%s", name, o.Driver, o.Attachable, o.Labels[labels.Run])
	return network.CreateResponse{ID: f.add("network", name)}, nil
}

func (f *fakeSwarm) NetworkList(context.Context, network.ListOptions) ([]network.Summary, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []network.Summary
	for id, name := range f.objects["network"] {
		out = append(out, network.Summary{ID: id, Name: name, Scope: "swarm"})
	}
	return out, nil
}

func (f *fakeSwarm) NetworkRemove(_ context.Context, id string) error { return f.remove("network", id) }

func (f *fakeSwarm) SecretCreate(_ context.Context, s swarm.SecretSpec) (swarm.SecretCreateResponse, error) {
	return swarm.SecretCreateResponse{ID: f.add("secret", s.Name)}, nil
}

func (f *fakeSwarm) SecretList(context.Context, swarm.SecretListOptions) ([]swarm.Secret, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []swarm.Secret
	for id, name := range f.objects["secret"] {
		s := swarm.Secret{ID: id}
		s.Spec.Name = name
		out = append(out, s)
	}
	return out, nil
}

func (f *fakeSwarm) SecretRemove(_ context.Context, id string) error { return f.remove("secret", id) }

func (f *fakeSwarm) ConfigCreate(_ context.Context, c swarm.ConfigSpec) (swarm.ConfigCreateResponse, error) {
	return swarm.ConfigCreateResponse{ID: f.add("config", c.Name)}, nil
}

func (f *fakeSwarm) ConfigList(context.Context, swarm.ConfigListOptions) ([]swarm.Config, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []swarm.Config
	for id, name := range f.objects["config"] {
		c := swarm.Config{ID: id}
		c.Spec.Name = name
		out = append(out, c)
	}
	return out, nil
}

func (f *fakeSwarm) ConfigRemove(_ context.Context, id string) error { return f.remove("config", id) }

func (f *fakeSwarm) ServiceCreate(_ context.Context, s swarm.ServiceSpec, o swarm.ServiceCreateOptions) (swarm.ServiceCreateResponse, error) {
	f.logf("service %s queryRegistry=%v hosts=%s", s.Name, o.QueryRegistry, strings.Join(s.TaskTemplate.ContainerSpec.Hosts, ","))
	if s.Name == f.failOn {
		return swarm.ServiceCreateResponse{}, errors.New("the engine refused it")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	id := "svc-" + s.Name
	svc := swarm.Service{ID: id, Spec: s}
	f.services[id] = svc
	return swarm.ServiceCreateResponse{ID: id}, nil
}

func (f *fakeSwarm) ServiceInspectWithRaw(_ context.Context, id string, _ swarm.ServiceInspectOptions) (swarm.Service, []byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.services[id], nil, nil
}

func (f *fakeSwarm) ServiceList(context.Context, swarm.ServiceListOptions) ([]swarm.Service, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []swarm.Service
	for _, s := range f.services {
		out = append(out, s)
	}
	return out, nil
}

func (f *fakeSwarm) ServiceRemove(_ context.Context, id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.services, id)
	return nil
}

func (f *fakeSwarm) TaskList(_ context.Context, o swarm.TaskListOptions) ([]swarm.Task, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	svc, ok := f.services[o.Filters.Get("service")[0]]
	if !ok {
		return nil, nil
	}
	n := 2
	for _, m := range []string{"salt-master-1", "salt-master-2", "nginx"} {
		if strings.HasSuffix(svc.Spec.Name, m) {
			break
		}
		n++
	}
	net := "network-" + svc.Spec.TaskTemplate.Networks[0].Target
	return []swarm.Task{{Status: swarm.TaskStatus{State: swarm.TaskStateRunning}, Meta: swarm.Meta{CreatedAt: time.Now()},
		NetworksAttachments: []swarm.NetworkAttachment{{Network: swarm.Network{ID: net}, Addresses: []string{fmt.Sprintf("10.0.9.%d/24", n)}}}}}, nil
}

func (f *fakeSwarm) ContainerList(context.Context, container.ListOptions) ([]container.Summary, error) {
	return nil, nil
}

func (f *fakeSwarm) ContainerRemove(context.Context, string, container.RemoveOptions) error {
	return nil
}

func (f *fakeSwarm) VolumeList(context.Context, volume.ListOptions) (volume.ListResponse, error) {
	return volume.ListResponse{}, nil
}

func (f *fakeSwarm) VolumeRemove(context.Context, string, bool) error { return nil }

// healthyExec answers every health test with exit 0 and logs it.
type healthyExec struct{ f *fakeSwarm }

func (h healthyExec) ContainerExecCreate(_ context.Context, ref string, _ container.ExecOptions) (container.ExecCreateResponse, error) {
	h.f.logf("health test in %s", ref)
	return container.ExecCreateResponse{ID: "x"}, nil
}

func (h healthyExec) ContainerExecAttach(context.Context, string, container.ExecAttachOptions) (dockertypes.HijackedResponse, error) {
	return dockertypes.NewHijackedResponse(nopConn{}, ""), nil
}

func (h healthyExec) ContainerExecInspect(context.Context, string) (container.ExecInspect, error) {
	return container.ExecInspect{ExitCode: 0}, nil
}

func (f *fakeSwarm) left() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := len(f.services)
	for _, m := range f.objects {
		n += len(m)
	}
	return n
}

func testSwarm(f *fakeSwarm) Swarm {
	return Swarm{Manager: f, Nodes: map[string]NodeEngine{"id-node-1": f}, Exec: healthyExec{f}, Timeout: 5 * time.Second}
}

func failoverPlan(t *testing.T) *Plan {
	l := loadTopology(t, "failover")
	p, err := Convert(Input{Lab: l, Nodes: threeNodes(), KeyPair: testKeys()})
	require.NoError(t, err)
	return p
}

func TestDeployCreatesInOrderWithTaskAddresses(t *testing.T) {
	f := newFakeSwarm()
	require.NoError(t, Deploy(context.Background(), testSwarm(f), failoverPlan(t), goldenRun))
	var creates []string
	for _, l := range f.log {
		if strings.HasPrefix(l, "service ") || strings.HasPrefix(l, "network ") {
			creates = append(creates, l)
		}
	}
	p := "saltlab-failover-" + goldenRun
	assert.Equal(t, []string{
		"network " + p + "_default overlay attachable=true run=" + goldenRun,
		"service " + p + "_salt-master-1 queryRegistry=false hosts=",
		"service " + p + "_salt-master-2 queryRegistry=false hosts=",
		"service " + p + "_nginx queryRegistry=false hosts=10.0.9.2 salt-master-1,10.0.9.3 salt-master-2",
		"service " + p + "_salt-minion-1 queryRegistry=false hosts=10.0.9.2 salt-master-1,10.0.9.3 salt-master-2",
		"service " + p + "_salt-minion-2 queryRegistry=false hosts=10.0.9.2 salt-master-1,10.0.9.3 salt-master-2",
	}, creates)
	assert.Contains(t, f.log, "health test in "+p+"-salt-master-1-1", "saltlab runs the masters' health test before the minions start")
}

func TestDeployRefusesAMissingImageBeforeAnyCreate(t *testing.T) {
	f := newFakeSwarm()
	delete(f.images, "saltlab/base:bookworm")
	err := Deploy(context.Background(), testSwarm(f), failoverPlan(t), goldenRun)
	require.Error(t, err)
	assert.True(t, usage.Is(err))
	assert.Contains(t, err.Error(), "node id-node-1 has no image saltlab/base:bookworm")
	assert.Contains(t, err.Error(), "saltlab swarm load")
	assert.Empty(t, f.log, "nothing was created")
}

func TestAFailedDeployRemovesWhatItCreated(t *testing.T) {
	f := newFakeSwarm()
	f.failOn = "saltlab-failover-" + goldenRun + "_nginx"
	err := Deploy(context.Background(), testSwarm(f), failoverPlan(t), goldenRun)
	require.ErrorContains(t, err, "the engine refused it")
	assert.Equal(t, 0, f.left(), "no service, network, secret or config is left")
}

// nopConn is an exec attachment with no output.
type nopConn struct{ net.Conn }

func (nopConn) Read([]byte) (int, error) { return 0, io.EOF }
func (nopConn) Close() error             { return nil }

package route

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/events"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/swarm"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

// fakeEngine is one node's engine: the containers and volumes it has,
// and a log of the calls it took. Calls it does not implement panic
// (the embedded nil Engine), so a test sees any call it did not expect.
type fakeEngine struct {
	Engine
	node       string
	mu         sync.Mutex
	containers map[string]string // id -> name
	volumes    map[string]bool
	events     chan events.Message
	log        *[]string
}

func (f *fakeEngine) record(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	*f.log = append(*f.log, f.node+": "+fmt.Sprintf(format, args...))
}

func (f *fakeEngine) find(ref string) (string, bool) {
	for id, name := range f.containers {
		if ref == id || ref == name {
			return id, true
		}
	}
	return "", false
}

func (f *fakeEngine) ContainerInspect(_ context.Context, ref string) (container.InspectResponse, error) {
	id, ok := f.find(ref)
	if !ok {
		return container.InspectResponse{}, fmt.Errorf("No such container: %s: %w", ref, errdefs.ErrNotFound)
	}
	return container.InspectResponse{ContainerJSONBase: &container.ContainerJSONBase{ID: id, Name: "/" + f.containers[id]}}, nil
}

func (f *fakeEngine) ContainerStop(_ context.Context, ref string, _ container.StopOptions) error {
	if _, ok := f.find(ref); !ok {
		return fmt.Errorf("No such container: %s: %w", ref, errdefs.ErrNotFound)
	}
	f.record("stop %s", ref)
	return nil
}

func (f *fakeEngine) ContainerList(context.Context, container.ListOptions) ([]container.Summary, error) {
	var out []container.Summary
	for id := range f.containers {
		out = append(out, container.Summary{ID: id})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

func (f *fakeEngine) ContainerExecCreate(_ context.Context, ref string, _ container.ExecOptions) (container.ExecCreateResponse, error) {
	f.record("exec create in %s", ref)
	return container.ExecCreateResponse{ID: "exec-" + ref}, nil
}

func (f *fakeEngine) ContainerExecInspect(_ context.Context, execID string) (container.ExecInspect, error) {
	f.record("exec inspect %s", execID)
	return container.ExecInspect{ExecID: execID}, nil
}

func (f *fakeEngine) ContainerCreate(_ context.Context, _ *container.Config, host *container.HostConfig, _ *network.NetworkingConfig, _ *ocispec.Platform, name string) (container.CreateResponse, error) {
	f.record("create %s joining %s", name, host.NetworkMode)
	f.containers["helper-id"] = name
	return container.CreateResponse{ID: "helper-id"}, nil
}

func (f *fakeEngine) VolumeRemove(_ context.Context, name string, _ bool) error {
	if !f.volumes[name] {
		return fmt.Errorf("no such volume: %s: %w", name, errdefs.ErrNotFound)
	}
	delete(f.volumes, name)
	f.record("remove volume %s", name)
	return nil
}

func (f *fakeEngine) Events(ctx context.Context, _ events.ListOptions) (<-chan events.Message, <-chan error) {
	errs := make(chan error, 1)
	go func() {
		<-ctx.Done()
		errs <- ctx.Err()
	}()
	return f.events, errs
}

// fakeManager is the manager: a node of its own and the swarm's tasks.
type fakeManager struct {
	*fakeEngine
	services []swarm.Service
	tasks    map[string][]swarm.Task // service id -> tasks
}

func (m *fakeManager) ServiceList(context.Context, swarm.ServiceListOptions) ([]swarm.Service, error) {
	return m.services, nil
}

func (m *fakeManager) TaskList(_ context.Context, o swarm.TaskListOptions) ([]swarm.Task, error) {
	return m.tasks[o.Filters.Get("service")[0]], nil
}

const project = "saltlab-failover-20261122-000000-abcdef"

func task(id, node, containerID string, desired swarm.TaskState, created time.Time) swarm.Task {
	return swarm.Task{ID: id, NodeID: node, Slot: 1, DesiredState: desired, Meta: swarm.Meta{CreatedAt: created},
		Status: swarm.TaskStatus{ContainerStatus: &swarm.ContainerStatus{ContainerID: containerID}}}
}

// swarmOf is a manager (node-1) and a worker (node-2): master-1's task
// runs on node-2 (an older task of it, shut down, ran on node-1), the
// minion's on node-1.
func swarmOf(t *testing.T) (*Client, *[]string) {
	log := &[]string{}
	n1 := &fakeEngine{node: "node-1", log: log, events: make(chan events.Message),
		containers: map[string]string{"c-old": project + "_salt-master-1.1.t0", "c-minion": project + "_salt-minion-1.1.t2"},
		volumes:    map[string]bool{"v": true}}
	n2 := &fakeEngine{node: "node-2", log: log, events: make(chan events.Message),
		containers: map[string]string{"c-master": project + "_salt-master-1.1.t1"},
		volumes:    map[string]bool{"v": true}}
	svc := func(id, name string) swarm.Service {
		s := swarm.Service{ID: id}
		s.Spec.Name = project + "_" + name
		s.Spec.Labels = map[string]string{labels.Project: project, labels.Service: name, labels.Managed: "true"}
		return s
	}
	now := time.Now()
	m := &fakeManager{fakeEngine: n1,
		services: []swarm.Service{svc("s-master", "salt-master-1"), svc("s-minion", "salt-minion-1")},
		tasks: map[string][]swarm.Task{
			"s-master": {task("t0", "node-1", "c-old", swarm.TaskStateShutdown, now.Add(-time.Minute)), task("t1", "node-2", "c-master", swarm.TaskStateRunning, now)},
			"s-minion": {task("t2", "node-1", "c-minion", swarm.TaskStateRunning, now)},
		}}
	return New(m, map[string]Engine{"node-1": m, "node-2": n2}), log
}

func TestContainerCallsGoToTheTasksNode(t *testing.T) {
	tests := []struct {
		name string
		ref  string
		want string
	}{
		{name: "the compose name of a task", ref: project + "-salt-master-1-1", want: "node-2: stop c-master"},
		{name: "a task's container id", ref: "c-minion", want: "node-1: stop c-minion"},
		{name: "a task's container name", ref: project + "_salt-master-1.1.t1", want: "node-2: stop c-master"},
		{name: "a container no task has, found on its node", ref: "c-old", want: "node-1: stop c-old"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, log := swarmOf(t)
			require.NoError(t, c.ContainerStop(context.Background(), tt.ref, container.StopOptions{}))
			assert.Equal(t, []string{tt.want}, *log)
		})
	}
}

func TestAContainerNoNodeHasIsNotFound(t *testing.T) {
	c, _ := swarmOf(t)
	err := c.ContainerStop(context.Background(), "nope", container.StopOptions{})
	require.Error(t, err)
	assert.True(t, errdefs.IsNotFound(err), "undo treats a vanished target as healed: %v", err)
}

func TestExecsStayOnTheirNode(t *testing.T) {
	c, log := swarmOf(t)
	ctx := context.Background()
	ex, err := c.ContainerExecCreate(ctx, project+"-salt-master-1-1", container.ExecOptions{})
	require.NoError(t, err)
	_, err = c.ContainerExecInspect(ctx, ex.ID)
	require.NoError(t, err)
	assert.Equal(t, []string{"node-2: exec create in c-master", "node-2: exec inspect exec-c-master"}, *log)
}

func TestHelpersJoinTheirTargetOnItsNode(t *testing.T) {
	c, log := swarmOf(t)
	ctx := context.Background()
	host := &container.HostConfig{NetworkMode: container.NetworkMode("container:" + project + "-salt-master-1-1")}
	out, err := c.ContainerCreate(ctx, &container.Config{}, host, nil, nil, "helper")
	require.NoError(t, err)
	assert.Equal(t, []string{"node-2: create helper joining container:c-master"}, *log)
	assert.Equal(t, container.NetworkMode("container:"+project+"-salt-master-1-1"), host.NetworkMode, "the caller's config is not changed")
	node, err := c.NodeOf(ctx, out.ID)
	require.NoError(t, err)
	assert.Equal(t, "node-2", node, "the helper's later calls go to its node")
}

func TestListingsAreTheUnionOverNodes(t *testing.T) {
	c, log := swarmOf(t)
	ctx := context.Background()
	list, err := c.ContainerList(ctx, container.ListOptions{All: true})
	require.NoError(t, err)
	var ids []string
	for _, s := range list {
		ids = append(ids, s.ID)
	}
	assert.Equal(t, []string{"c-minion", "c-old", "c-master"}, ids)

	require.NoError(t, c.VolumeRemove(ctx, "v", false))
	assert.Equal(t, []string{"node-1: remove volume v", "node-2: remove volume v"}, *log, "a task's volume is on each node a task ran on")
	assert.True(t, errdefs.IsNotFound(c.VolumeRemove(ctx, "v", false)))
}

func TestEventsAreMergedAndEndTogether(t *testing.T) {
	c, _ := swarmOf(t)
	ctx, cancel := context.WithCancel(context.Background())
	msgs, errs := c.Events(ctx, events.ListOptions{})
	n2 := c.nodes["node-2"].(*fakeEngine)
	n1 := c.nodes["node-1"].(*fakeManager)
	go func() {
		n2.events <- events.Message{Type: events.ContainerEventType, Action: "die", Actor: events.Actor{ID: "c-master"}}
	}()
	assert.Equal(t, "c-master", (<-msgs).Actor.ID)
	go func() {
		n1.events <- events.Message{Type: events.ContainerEventType, Action: "start", Actor: events.Actor{ID: "c-minion"}}
	}()
	assert.Equal(t, "c-minion", (<-msgs).Actor.ID)
	cancel()
	select {
	case err := <-errs:
		assert.ErrorIs(t, err, context.Canceled)
	case <-time.After(5 * time.Second):
		t.Fatal("the merged stream did not end with its context")
	}
}

func TestCurrentTaskPrefersTheOneSwarmWantsRunning(t *testing.T) {
	now := time.Now()
	got, ok := current([]swarm.Task{
		task("new-failed", "n", "c2", swarm.TaskStateShutdown, now),
		task("running", "n", "c1", swarm.TaskStateRunning, now.Add(-time.Hour)),
		task("no-container", "n", "", swarm.TaskStateRunning, now.Add(time.Hour)),
	})
	require.True(t, ok)
	assert.Equal(t, "running", got.ID)
	got, ok = current([]swarm.Task{task("a", "n", "c1", swarm.TaskStateShutdown, now.Add(-time.Hour)), task("b", "n", "c2", swarm.TaskStateShutdown, now)})
	require.True(t, ok)
	assert.Equal(t, "b", got.ID, "a stopped master's container is the newest task's")
	_, ok = current(nil)
	assert.False(t, ok)
}

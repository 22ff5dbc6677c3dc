package chaos

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/usage"
)

// fakeNodes is a swarm of node containers on a stand-in host engine: the
// node of every container is node2, whose container is "n2".
type fakeNodes struct {
	ledger string
	state  map[string]string // node container id -> running, paused, exited
	onDisk bool              // the ledger held the node's id when it was paused
	asked  string            // the container ref NodeOf was asked about
	backs  []string
	gone   bool
}

func (f *fakeNodes) Swarm() string { return "nl" }

// NodeOf places salt-master-1 and salt-minion-2 on node2 (container
// "n2"), the rest on node1.
func (f *fakeNodes) NodeOf(_ context.Context, ref string) (string, string, error) {
	f.asked = ref
	if strings.Contains(ref, "salt-master-1") || strings.Contains(ref, "salt-minion-2") {
		return "node2", "n2", nil
	}
	return "node1", "n1", nil
}

// nodeLab is a lab's engine whose containers (id = service name) the
// node's loss ended: Start brings them back.
type nodeLab struct {
	Docker
	running map[string]bool
	started []string
}

func (l *nodeLab) ContainerList(context.Context, container.ListOptions) ([]container.Summary, error) {
	var out []container.Summary
	for svc, up := range l.running {
		if up {
			out = append(out, container.Summary{ID: svc, Names: []string{"/saltlab-failover-x-" + svc + "-1"}, Labels: map[string]string{"io.saltlab.service": svc}})
		}
	}
	return out, nil
}

func (l *nodeLab) ContainerInspect(_ context.Context, ref string) (container.InspectResponse, error) {
	svc := strings.TrimSuffix(strings.TrimPrefix(ref, "saltlab-failover-x-"), "-1")
	up, ok := l.running[svc]
	if !ok {
		return container.InspectResponse{}, errdefs.ErrNotFound
	}
	return container.InspectResponse{ContainerJSONBase: &container.ContainerJSONBase{ID: svc, State: &container.State{Running: up}}}, nil
}

func (l *nodeLab) ContainerStart(_ context.Context, id string, _ container.StartOptions) error {
	l.running[id] = true
	l.started = append(l.started, id)
	return nil
}

func (f *fakeNodes) Containers(context.Context) ([]container.Summary, error) {
	var out []container.Summary
	for id, st := range f.state {
		out = append(out, container.Summary{ID: id, Names: []string{"/saltlab-swarm-nl-" + id}, State: container.ContainerState(st)})
	}
	return out, nil
}

func (f *fakeNodes) State(_ context.Context, node string) (string, error) {
	if f.state["n2"] == "paused" {
		return "down", nil
	}
	return "ready", nil
}

func (f *fakeNodes) Back(_ context.Context, node string) error {
	f.backs = append(f.backs, node)
	return nil
}

func (f *fakeNodes) ContainerInspect(_ context.Context, id string) (container.InspectResponse, error) {
	if f.gone {
		return container.InspectResponse{}, errdefs.ErrNotFound
	}
	st := f.state[id]
	return container.InspectResponse{ContainerJSONBase: &container.ContainerJSONBase{ID: id,
		State: &container.State{Status: st, Running: st == "running" || st == "paused", Paused: st == "paused"}}}, nil
}

func (f *fakeNodes) ContainerPause(_ context.Context, id string) error {
	b, _ := os.ReadFile(f.ledger)
	f.onDisk = strings.Contains(string(b), `"event":"inject"`) && strings.Contains(string(b), `"node_container":"`+id+`"`)
	f.state[id] = "paused"
	return nil
}

func (f *fakeNodes) ContainerUnpause(_ context.Context, id string) error {
	f.state[id] = "running"
	return nil
}

func TestNodePauseIsRefusedOnCompose(t *testing.T) {
	path := filepath.Join(t.TempDir(), "faults.jsonl")
	e := New(&fakeDocker{ledger: path}, "20261206-000000-a1b2c3", "saltlab-failover-x", fault.NewLedger(path))
	_, err := e.Inject(context.Background(), Spec{Kind: KindNodePause, Targets: []string{"salt-master-1"}})
	require.Error(t, err)
	assert.True(t, usage.Is(err), "a usage error: exit 2")
	assert.ErrorContains(t, err, "fault node-pause takes a whole Swarm node away, and lab saltlab-failover-x runs on Docker Compose")
	assert.ErrorContains(t, err, "saltlab up --engine swarm")
	assert.Empty(t, e.Ledger().Pending(), "nothing recorded")
	_, err = e.NodeOf(context.Background(), "salt-master-1")
	assert.True(t, usage.Is(err), "no node to name on compose: %v", err)
}

func TestNodePauseRecordsBeforeActingAndHeals(t *testing.T) {
	path := filepath.Join(t.TempDir(), "faults.jsonl")
	n := &fakeNodes{ledger: path, state: map[string]string{"n2": "running"}}
	lab := &nodeLab{running: map[string]bool{"salt-master-1": true, "salt-master-2": true, "salt-minion-1": true, "salt-minion-2": true}}
	e := New(lab, "20261206-000000-a1b2c3", "saltlab-failover-x", fault.NewLedger(path))
	e.OnSwarm(n)
	en, err := e.Inject(context.Background(), Spec{Kind: KindNodePause, Targets: []string{"salt-master-1"}})
	require.NoError(t, err)
	assert.True(t, n.onDisk, "the ledger line with the node container's id was synced before the pause")
	assert.Equal(t, "paused", n.state["n2"])
	assert.Equal(t, map[string]string{"swarm": "nl", "node": "node2", "node_container": "n2", "service": "salt-master-1", "on_node": "salt-master-1,salt-minion-2"}, en.Data)
	node, err := e.NodeOf(context.Background(), "salt-minion-2")
	require.NoError(t, err)
	assert.Equal(t, "node2", node)
	st, err := e.NodeState(context.Background(), node)
	require.NoError(t, err)
	assert.Equal(t, "down", st)

	_, err = e.Inject(context.Background(), Spec{Kind: KindNodePause, Targets: []string{"salt-minion-2"}})
	assert.ErrorContains(t, err, "node node2 of swarm nl (which runs \"salt-minion-2\") is paused: heal it first")
	assert.Len(t, e.Ledger().Pending(), 1, "a refused fault is not recorded")

	// While the node was down its manager ended its tasks, and its engine
	// stopped them once back. A heal from the ledger alone, as after a
	// SIGKILL (a fresh engine), starts them again.
	lab.running["salt-master-1"], lab.running["salt-minion-2"] = false, false
	l, err := fault.Open(path)
	require.NoError(t, err)
	fresh := New(lab, "20261206-000000-a1b2c3", "saltlab-failover-x", l)
	fresh.OnSwarm(n)
	require.NoError(t, l.UndoAll(context.Background(), fresh))
	assert.Equal(t, "running", n.state["n2"])
	assert.Equal(t, []string{"node2"}, n.backs, "heal waits until the node is back")
	assert.Equal(t, []string{"salt-master-1", "salt-minion-2"}, lab.started, "the services the node's loss ended, and only those")
	assert.Empty(t, l.Pending())

	require.NoError(t, fresh.Undo(context.Background(), en), "already healed")
	n.gone = true
	require.NoError(t, fresh.Undo(context.Background(), en), "a node removed since needs nothing")

	bare := New(lab, "20261206-000000-a1b2c3", "saltlab-failover-x", l)
	assert.ErrorContains(t, bare.Undo(context.Background(), en), "`saltlab heal --run swarm-nl` unpauses the node", "an engine not given the swarm names the heal that works")
}

func TestSweepUnpausesPausedNodes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "faults.jsonl")
	n := &fakeNodes{ledger: path, state: map[string]string{"n1": "running", "n2": "paused", "n3": "exited"}}
	e := New(emptyLab{}, "20261206-000000-a1b2c3", "saltlab-failover-x", fault.NewLedger(path))
	e.OnSwarm(n)
	sw, err := e.Sweep(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 1, sw.Nodes)
	assert.Equal(t, map[string]string{"n1": "running", "n2": "running", "n3": "exited"}, n.state, "only the paused node is touched")
	assert.Contains(t, sw.String(), "1 swarm nodes unpaused")
}

// emptyLab is a lab engine with no containers.
type emptyLab struct{ Docker }

func (emptyLab) ContainerList(context.Context, container.ListOptions) ([]container.Summary, error) {
	return nil, nil
}

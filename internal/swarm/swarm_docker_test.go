//go:build docker

package swarm

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/docker/api/types/volume"
	"github.com/docker/docker/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/poll"
)

// testName is a swarm name of this test's own, so that tests running
// at the same time on the machine never share objects.
func testName() string {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return "t" + hex.EncodeToString(b[:])
}

// stateDir is a short state folder: the nodes' socket paths must fit.
func stateDir(t *testing.T) string {
	dir, err := os.MkdirTemp("/tmp", "sw")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	return dir
}

// testSwarm is a test's context (ending after timeout), host engine
// client, swarm name and state folder; whatever the test leaves of its
// swarm is removed when it ends.
func testSwarm(t *testing.T, timeout time.Duration) (context.Context, *client.Client, string, string) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(cancel)
	host, err := dockerx.New(ctx)
	require.NoError(t, err)
	name, dir := testName(), stateDir(t)
	t.Cleanup(func() {
		_, _ = down(context.Background(), host, dir, name)
		_ = host.Close()
	})
	return ctx, host, name, dir
}

// TestSwarmAcrossNodes: three node containers become a swarm of three
// Ready nodes (one manager), `up` again says it is up, images loaded from
// the host hold the host's ids on every node (a second load skips them),
// an overlay network made on the manager carries a real packet between
// tasks on two different nodes, and `down` leaves nothing behind.
func TestSwarmAcrossNodes(t *testing.T) {
	ctx, host, name, dir := testSwarm(t, 20*time.Minute)
	var log bytes.Buffer
	o := UpOptions{Name: name, Nodes: 3, Root: "../..", StateDir: dir, Log: &log}

	start := time.Now()
	require.NoError(t, up(ctx, host, o), log.String())
	t.Logf("swarm up (3 nodes): %s", time.Since(start).Round(100*time.Millisecond))

	st, err := statusOf(ctx, host, name)
	require.NoError(t, err)
	require.Len(t, st.Nodes, 3)
	roles := map[string]int{}
	for _, n := range st.Nodes {
		assert.Equal(t, "ready", n.State, n.Name)
		assert.Equal(t, "active", n.Availability, n.Name)
		assert.NotEmpty(t, n.Engine)
		roles[n.Role]++
	}
	assert.Equal(t, map[string]int{"manager": 1, "worker": 2}, roles)

	log.Reset()
	require.NoError(t, up(ctx, host, o))
	assert.Contains(t, log.String(), "is already up")

	c, err := openOn(ctx, host, name)
	require.NoError(t, err)
	defer c.Close()
	for _, n := range c.Nodes {
		nd, _, err := c.Manager.NodeInspectWithRaw(ctx, n.ID)
		require.NoError(t, err)
		assert.Equal(t, n.Name, nd.Spec.Labels[SwarmNodeLabel])
	}

	refs := []string{images.SimRef, images.BaseRef}
	rep, err := load(ctx, host, LoadOptions{Name: name, Images: refs, StateDir: dir, Log: &log})
	require.NoError(t, err, log.String())
	require.Len(t, rep.Plan.Batches, 1)
	assert.Len(t, rep.Plan.Batches[0].Nodes, 3)
	t.Logf("swarm load %v into 3 nodes: %s (per node %v)", refs, rep.Took.Round(100*time.Millisecond), rep.ByNode)
	for _, n := range c.Nodes {
		for _, ref := range refs {
			want, err := imageID(ctx, host, ref)
			require.NoError(t, err)
			got, err := imageID(ctx, n.Client, ref)
			require.NoError(t, err)
			assert.Equal(t, want, got, "%s on %s", ref, n.Name)
		}
	}
	again, err := load(ctx, host, LoadOptions{Name: name, Images: refs, StateDir: dir, Log: &log})
	require.NoError(t, err)
	assert.Empty(t, again.Plan.Batches, "every node already holds the host's images")
	t.Logf("swarm load again (all skipped): %s", again.Took.Round(100*time.Millisecond))

	// a new tag of an image every node holds is set, not loaded
	retag := "saltlab-test/" + name + ":retag"
	require.NoError(t, host.ImageTag(ctx, images.BaseRef, retag))
	t.Cleanup(func() { _, _ = host.ImageRemove(context.Background(), retag, image.RemoveOptions{}) })
	tagged, err := load(ctx, host, LoadOptions{Name: name, Images: []string{retag}, StateDir: dir, Log: &log})
	require.NoError(t, err)
	assert.Empty(t, tagged.Plan.Batches)
	assert.Len(t, tagged.Plan.Tag, 3, "each node only tagged")

	packetAcrossNodes(ctx, t, c, name)

	sw, err := down(ctx, host, dir, name)
	require.NoError(t, err)
	assert.Equal(t, 3, sw.Containers)
	assertGone(ctx, t, host, dir, name)
}

// packetAcrossNodes runs two tasks of one service on an overlay network
// made on the manager, one per node, and pings one from the other by its
// overlay address. The service is dnsrr: this machine's kernel has no
// IPVS, which a virtual IP needs (docs/swarm.md).
func packetAcrossNodes(ctx context.Context, t *testing.T, c *Cluster, name string) {
	netName := "overlay-" + name
	_, err := c.Manager.NetworkCreate(ctx, netName, network.CreateOptions{Driver: "overlay", Attachable: true})
	require.NoError(t, err)
	two := uint64(2)
	spec := swarm.ServiceSpec{
		Annotations: swarm.Annotations{Name: "pair-" + name},
		TaskTemplate: swarm.TaskSpec{
			ContainerSpec: &swarm.ContainerSpec{Image: images.BaseRef, Command: []string{"sleep", "3600"}},
			Networks:      []swarm.NetworkAttachmentConfig{{Target: netName}},
			Placement:     &swarm.Placement{MaxReplicas: 1},
			RestartPolicy: &swarm.RestartPolicy{Condition: swarm.RestartPolicyConditionNone},
		},
		Mode:         swarm.ServiceMode{Replicated: &swarm.ReplicatedService{Replicas: &two}},
		EndpointSpec: &swarm.EndpointSpec{Mode: swarm.ResolutionModeDNSRR},
	}
	svc, err := c.Manager.ServiceCreate(ctx, spec, swarm.ServiceCreateOptions{QueryRegistry: false})
	require.NoError(t, err)

	var tasks []swarm.Task
	ok, err := poll.Run(ctx, poll.Within(2*time.Minute), func(ctx context.Context, _ time.Duration) bool {
		tasks, err = c.Manager.TaskList(ctx, swarm.TaskListOptions{Filters: filters.NewArgs(filters.Arg("service", svc.ID), filters.Arg("desired-state", "running"))})
		if err != nil {
			return false
		}
		running := 0
		for _, tk := range tasks {
			if tk.Status.State == swarm.TaskStateRunning {
				running++
			}
		}
		return running == 2 && len(tasks) == 2
	})
	require.NoError(t, err)
	require.True(t, ok, "two running tasks within 2 minutes: %+v", taskStates(tasks))
	a, b := tasks[0], tasks[1]
	require.NotEqual(t, a.NodeID, b.NodeID, "one task per node")
	na, ok := c.ByID(a.NodeID)
	require.True(t, ok)
	addrB := overlayAddr(t, b, netName)
	res, err := lab.ExecIn(ctx, na.Client, a.Status.ContainerStatus.ContainerID, []string{"ping", "-c", "3", "-W", "2", addrB})
	require.NoError(t, err)
	nb, _ := c.ByID(b.NodeID)
	t.Logf("ping from %s (%s) to %s on %s: %s", na.Name, overlayAddr(t, a, netName), addrB, nb.Name, res.Stdout)
	assert.Equal(t, 0, res.ExitCode, "a packet across nodes over the overlay: %s %s", res.Stdout, res.Stderr)
	require.NoError(t, c.Manager.ServiceRemove(ctx, svc.ID))
}

// overlayAddr is the task's address on the overlay network net.
func overlayAddr(t *testing.T, tk swarm.Task, net string) string {
	for _, att := range tk.NetworksAttachments {
		if att.Network.Spec.Name == net && len(att.Addresses) > 0 {
			ip, _, _ := bytes.Cut([]byte(att.Addresses[0]), []byte("/"))
			return string(ip)
		}
	}
	t.Fatalf("task %s has no address on %s", tk.ID, net)
	return ""
}

func taskStates(ts []swarm.Task) []string {
	var out []string
	for _, tk := range ts {
		out = append(out, string(tk.Status.State)+" "+tk.Status.Err)
	}
	return out
}

// assertGone: no container, volume or network of the swarm is left on the
// host engine, and no socket folder in the state folder.
func assertGone(ctx context.Context, t *testing.T, host *client.Client, dir, name string) {
	f := filters.NewArgs(filters.Arg("label", labels.Run+"="+RunID(name)))
	cs, err := host.ContainerList(ctx, container.ListOptions{All: true, Filters: f})
	require.NoError(t, err)
	assert.Empty(t, cs)
	vs, err := host.VolumeList(ctx, volume.ListOptions{Filters: f})
	require.NoError(t, err)
	assert.Empty(t, vs.Volumes)
	ns, err := host.NetworkList(ctx, network.ListOptions{Filters: f})
	require.NoError(t, err)
	assert.Empty(t, ns)
	_, err = os.Stat(filepath.Join(dir, RunID(name)))
	assert.True(t, os.IsNotExist(err), "socket folder removed: %v", err)
}

// TestLeftoversOfDeadUp: what a `swarm up` SIGKILLed half-way left (its
// objects owned by a process that is gone, never marked detached) is a
// dead run's leftovers for the sweep every run does, and the next `swarm
// up` of that name sweeps it before making the swarm.
func TestLeftoversOfDeadUp(t *testing.T) {
	ctx, host, name, dir := testSwarm(t, 2*time.Minute)

	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	hostname, _ := os.Hostname()
	lbl := nodeLabels(name, "node1")
	lbl[labels.Owner] = labels.UpOwnerPrefix + hostname + ":" + strconv.Itoa(dead.Process.Pid)
	_, err := host.VolumeCreate(ctx, volume.CreateOptions{Name: volumeName(name, "node1"), Labels: lbl})
	require.NoError(t, err)
	_, err = host.NetworkCreate(ctx, networkName(name), network.CreateOptions{Driver: "bridge", Internal: true, Labels: lbl})
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(nodeSocketDir(dir, name, "node1"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(SocketDir(dir, name), ".saltlab-owned"), nil, 0o600))

	owners, err := lab.RunOwners(ctx, host)
	require.NoError(t, err)
	assert.Contains(t, lab.StaleRuns(owners), RunID(name), "the sweep of dead runs takes it")

	var log bytes.Buffer
	fresh, err := prepare(ctx, host, UpOptions{Name: name, Nodes: 1, StateDir: dir, Log: &log})
	require.NoError(t, err)
	assert.True(t, fresh)
	assert.Contains(t, log.String(), "swept what a `swarm up` that died left")
	assertGone(ctx, t, host, dir, name)
}

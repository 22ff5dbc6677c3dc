//go:build docker

package stack

import (
	"bytes"
	"context"
	"os"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/docker/api/types/volume"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/poll"
	swarmnodes "github.com/saltlab/saltlab/internal/swarm"
)

// testSwarmName is the swarm the Docker tests deploy on: SALTLAB_TEST_SWARM,
// built beforehand with `saltlab swarm up --name NAME` and `saltlab swarm
// load --name NAME` (building one per test would triple its time).
func testSwarmName(t *testing.T) string {
	name := os.Getenv("SALTLAB_TEST_SWARM")
	if name == "" {
		t.Skip("SALTLAB_TEST_SWARM names no swarm: `make test-swarm` builds one and runs the swarm tests on it")
	}
	return name
}

// TestDeployAndTeardownOnTheSwarm deploys the failover topology on the
// double across the swarm's nodes, checks where its tasks run and that a
// stopped master stays stopped, then tears it down and finds nothing of
// the run on any node.
func TestDeployAndTeardownOnTheSwarm(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	c, err := swarmnodes.Open(ctx, testSwarmName(t))
	require.NoError(t, err)
	defer c.Close()
	var log bytes.Buffer
	target, err := On(ctx, c, &log)
	require.NoError(t, err)
	target.Swarm.Timeout = 3 * time.Minute

	l, plan, runID := liveFailoverPlan(t, ctx, target, "20261206-000000")

	torn := false
	t.Cleanup(func() {
		if !torn {
			_ = Teardown(context.Background(), target.Swarm, Lab{RunID: runID, Project: l.Project()})
		}
	})
	start := time.Now()
	require.NoError(t, Deploy(ctx, target.Swarm, plan, runID), log.String())
	t.Logf("deploy on %d nodes: %s\n%s", len(target.Nodes), time.Since(start).Round(100*time.Millisecond), log.String())

	// Each master on a node of its own, found through the router by its
	// compose name; the lab's own calls work unchanged.
	n1, err := target.Router.NodeOf(ctx, lab.ContainerNameOf(l.Project(), "salt-master-1"))
	require.NoError(t, err)
	n2, err := target.Router.NodeOf(ctx, lab.ContainerNameOf(l.Project(), "salt-master-2"))
	require.NoError(t, err)
	assert.NotEqual(t, n1, n2, "the masters run on different nodes")
	r, err := l.Exec(ctx, "salt-master-1", []string{"sh", "-c", "ls -l /etc/salt/pki/master/master.pem /etc/salt/pki/master/salt-master-1.pem /run/saltlab/api-password"})
	require.NoError(t, err)
	t.Logf("master-1's files:\n%s%s", r.Stdout, r.Stderr)
	assert.Equal(t, 0, r.ExitCode)
	hosts, err := l.Exec(ctx, "salt-minion-1", []string{"cat", "/etc/hosts"})
	require.NoError(t, err)
	assert.Contains(t, hosts.Stdout, "salt-master-1")

	// A stopped master stays stopped: Swarm does not replace its task.
	require.NoError(t, l.Stop(ctx, "salt-master-1", 5*time.Second))
	svc := ServiceName(l.Project(), "salt-master-1")
	// Nothing to wait for: the test looks for a replacement for 15 s.
	replaced, err := poll.Run(ctx, poll.Bounds{Deadline: time.Now().Add(15 * time.Second), Interval: time.Second}, func(ctx context.Context, _ time.Duration) bool {
		tasks, err := c.Manager.TaskList(ctx, swarm.TaskListOptions{Filters: filters.NewArgs(filters.Arg("name", svc))})
		return err == nil && len(tasks) > 1
	})
	require.NoError(t, err)
	assert.False(t, replaced, "Swarm made no replacement task for the stopped master")
	st, err := l.State(ctx, "salt-master-1")
	require.NoError(t, err)
	t.Logf("master-1 after 15 s stopped: %+v", st)
	heal := l.Start(ctx, "salt-master-1")
	t.Logf("start the stopped master again (the heal): %v", heal)

	start = time.Now()
	require.NoError(t, Teardown(ctx, target.Swarm, Lab{RunID: runID, Project: l.Project()}))
	torn = true
	t.Logf("teardown: %s", time.Since(start).Round(100*time.Millisecond))
	f := filters.NewArgs(filters.Arg("label", labels.Run+"="+runID))
	for _, n := range c.Nodes {
		cs, err := n.Client.ContainerList(ctx, container.ListOptions{All: true, Filters: f})
		require.NoError(t, err)
		assert.Empty(t, cs, "containers left on %s", n.Name)
		vs, err := n.Client.VolumeList(ctx, volume.ListOptions{Filters: f})
		require.NoError(t, err)
		assert.Empty(t, vs.Volumes, "volumes left on %s", n.Name)
		ns, err := n.Client.NetworkList(ctx, network.ListOptions{Filters: f})
		require.NoError(t, err)
		assert.Empty(t, ns, "networks left on %s", n.Name)
	}
	ss, err := c.Manager.ServiceList(ctx, swarm.ServiceListOptions{Filters: f})
	require.NoError(t, err)
	assert.Empty(t, ss)
	sec, err := c.Manager.SecretList(ctx, swarm.SecretListOptions{Filters: f})
	require.NoError(t, err)
	assert.Empty(t, sec)
	cfg, err := c.Manager.ConfigList(ctx, swarm.ConfigListOptions{Filters: f})
	require.NoError(t, err)
	assert.Empty(t, cfg)
}

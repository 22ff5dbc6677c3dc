//go:build docker

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/swarm"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
	swarmnodes "github.com/saltlab/saltlab/internal/swarm"
)

// labelRoles reserves the swarm's node1 (its manager) for the minions
// and the API balancer and the other nodes for the masters, and takes the
// labels off again when the test ends.
func labelRoles(ctx context.Context, t *testing.T, c *swarmnodes.Cluster) {
	t.Helper()
	set := func(role func(swarm.Node) string) {
		nodes, err := c.Manager.NodeList(ctx, swarm.NodeListOptions{})
		require.NoError(t, err)
		for _, n := range nodes {
			spec := n.Spec
			if spec.Labels == nil {
				spec.Labels = map[string]string{}
			}
			if r := role(n); r != "" {
				spec.Labels["io.saltlab.role"] = r
			} else {
				delete(spec.Labels, "io.saltlab.role")
			}
			require.NoError(t, c.Manager.NodeUpdate(ctx, n.ID, n.Version, spec))
		}
	}
	set(func(n swarm.Node) string {
		if n.Spec.Role == swarm.NodeRoleManager {
			return "minion"
		}
		return "master"
	})
	t.Cleanup(func() {
		ctx = context.WithoutCancel(ctx) // the test's own context ends before its cleanups
		set(func(swarm.Node) string { return "" })
	})
}

// TestRunOnTheSwarm drives a lab on a three-node swarm through the verbs:
// `up --engine swarm`, `status`, a stopped master healed by `heal` (a new
// task, whose address the minions' hosts files then name), `run --engine
// swarm` of the stop scenarios and the node-loss scenario, and `down`,
// after which no node holds anything of either run. It is make test's
// (and so CI's) reduced swarm run: the swarm is its own, made with
// `saltlab swarm up` and removed with `swarm down` at its end, unless
// SALTLAB_TEST_SWARM names one built beforehand (`saltlab swarm up
// --name NAME`), which it then leaves standing.
func TestRunOnTheSwarm(t *testing.T) {
	t.Parallel() // parallelTests says why
	// Two slots: the lab of the double and the three node engines it
	// runs in, which cost what a second lab does (docs/swarm.md).
	labPool.Hold(t, 2, "swarm lab slots")
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	reports := t.TempDir()
	saltlab := func(args ...string) (int, string) {
		var out bytes.Buffer
		code := Main(args, &out, &out)
		return code, out.String()
	}
	name := os.Getenv("SALTLAB_TEST_SWARM")
	if name == "" {
		id := labels.NewRunID(time.Now()) // its random tail: a name no other test's swarm has
		name = "t" + id[len(id)-6:]
		t.Cleanup(func() {
			if code, out := saltlab("swarm", "down", "--name", name); code != 0 {
				t.Errorf("swarm down --name %s: exit %d: %s", name, code, out)
			}
		})
		code, out := saltlab("swarm", "up", "--name", name, "--root", "../..")
		require.Equal(t, 0, code, out)
		t.Log(out)
	}
	code, out := saltlab("swarm", "load", "--name", name)
	require.Equal(t, 0, code, out)
	on := []string{"--engine", "swarm", "--swarm", name, "--salt", "sim", "--reports", reports, "--root", "../.."}

	up := labels.NewRunID(time.Now())
	t.Cleanup(func() { saltlab("down", "--run", up) })
	code, out = saltlab(append([]string{"up", "--run-id", up}, on...)...)
	require.Equal(t, 0, code, out)
	which := []string{"--run", up, "--reports", reports}

	code, out = saltlab(append([]string{"status"}, which...)...)
	require.Equal(t, 0, code, out)
	assert.Regexp(t, `API through load balancer: ok`, out, "the balancer's port, published on its node, is reached from the host")
	master1 := regexp.MustCompile(`salt-master-1\s+\S+\s+running\s+\S+\s+(\d+\.\d+\.\d+\.\d+)`)
	before := master1.FindStringSubmatch(out)
	require.NotNil(t, before, out)

	code, out = saltlab(append([]string{"chaos", "stop", "salt-master-1", "--root", "../.."}, which...)...)
	require.Equal(t, 0, code, out)
	code, out = saltlab(append([]string{"heal", "--root", "../.."}, which...)...)
	require.Equal(t, 0, code, out)
	code, out = saltlab(append([]string{"status"}, which...)...)
	require.Equal(t, 0, code, out)
	after := master1.FindStringSubmatch(out)
	require.NotNil(t, after, "salt-master-1 runs again after heal:\n%s", out)
	assert.NotEqual(t, before[1], after[1], "a new task, with a new address")

	c, err := swarmnodes.Open(ctx, name)
	require.NoError(t, err)
	defer c.Close()
	f := filters.NewArgs(filters.Arg("label", labels.Run+"="+up), filters.Arg("label", "com.docker.swarm.service.name"))
	hostsNamed := 0
	for _, n := range c.Nodes {
		list, err := n.Client.ContainerList(ctx, container.ListOptions{Filters: f})
		require.NoError(t, err)
		for _, ct := range list {
			if ct.Labels[labels.Service] != "salt-minion-1" && ct.Labels[labels.Service] != "nginx" {
				continue
			}
			hosts, err := lab.ExecIn(ctx, n.Client, ct.ID, []string{"cat", "/etc/hosts"})
			require.NoError(t, err)
			assert.Regexp(t, regexp.QuoteMeta(after[1])+`\s+salt-master-1`, hosts.Stdout, "%s names the new task", ct.Labels[labels.Service])
			hostsNamed++
		}
	}
	assert.Equal(t, 2, hostsNamed, "the minion's and the balancer's hosts files were read")

	// The node scenario needs the masters on nodes of their own, apart
	// from the minions and from the manager (whose loss would freeze the
	// swarm's control plane): the role labels docs/swarm.md names.
	labelRoles(ctx, t, c)
	run := labels.NewRunID(time.Now().Add(time.Second))
	t.Cleanup(func() { saltlab("down", "--run", run) })
	// Flags first: the feature paths end them.
	code, out = saltlab(append(append([]string{"run", "--run-id", run, "--parallel", "1", "--topology", "failover"}, on...),
		"../../features/failover/stop_master.feature", "../../features/failover/node_lost.feature")...)
	assert.Equal(t, 0, code, out)
	t.Log(out)
	assert.Regexp(t, `Losing the node of master-1 moves the minions only when the node comes back`, out, "the node scenario ran")
	assert.NotContains(t, out, "tagged @swarm", "a lab on the swarm runs the node scenario")
	hist, err := os.ReadFile(filepath.Join(reports, run, "history.jsonl"))
	require.NoError(t, err)
	assert.Regexp(t, `"type":"clock"[^\n]*"host":"node1"`, string(hist), "each node's clock offset is recorded")
	assert.Regexp(t, `"host":"node[23]"`, string(hist), "entries about a master name its node")

	for _, id := range []string{up, run} {
		code, out = saltlab("down", "--run", id)
		if id == run && code != 0 {
			continue // the run removed its lab itself
		}
		require.Equal(t, 0, code, out)
	}
	for _, id := range []string{up, run} {
		f := filters.NewArgs(filters.Arg("label", labels.Run+"="+id))
		for _, n := range c.Nodes {
			list, err := n.Client.ContainerList(ctx, container.ListOptions{All: true, Filters: f})
			require.NoError(t, err)
			assert.Empty(t, list, "containers of run %s left on %s", id, n.Name)
		}
		ss, err := c.Manager.ServiceList(ctx, swarm.ServiceListOptions{Filters: f})
		require.NoError(t, err)
		assert.Empty(t, ss, "services of run %s left", id)
	}
}

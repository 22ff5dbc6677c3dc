//go:build docker

package stack

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/swarm"
	"github.com/docker/docker/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/poll"
	swarmnodes "github.com/saltlab/saltlab/internal/swarm"
	"github.com/saltlab/saltlab/internal/swarm/route"
	"github.com/saltlab/saltlab/internal/testenv"
)

// TestNodePauseOnTheSwarm deploys the failover topology on the double with
// its masters on the two worker nodes, takes master-1's node away with the
// node-pause fault, checks that a minion on another node is served by
// master-2 and what the manager does to the lost node's tasks, then heals
// from the ledger alone (the process that injected was SIGKILLed; a fresh
// engine heals, as `saltlab heal` does) and checks the node is Ready,
// unpaused, master-1 running again as a new task on it, and nothing
// pending.
func TestNodePauseOnTheSwarm(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 12*time.Minute)
	defer cancel()
	c, err := swarmnodes.Open(ctx, testSwarmName(t))
	require.NoError(t, err)
	defer c.Close()
	host, err := dockerx.New(ctx)
	require.NoError(t, err)
	defer host.Close()
	// The masters go on the workers, so taking master-1's node away
	// leaves the swarm its manager; the minions on the manager, so that
	// the lost node holds master-1 alone (with role labels on some nodes
	// the minions spread over every node the labels leave them).
	require.GreaterOrEqual(t, len(c.Nodes), 3, "the test needs a manager and two workers")
	for i, n := range c.Nodes[:3] {
		role := "master"
		if i == 0 {
			role = "minion"
		}
		setRole(t, ctx, c, n.ID, role)
		t.Cleanup(func() { setRole(t, context.Background(), c, n.ID, "") })
	}

	var log bytes.Buffer
	target, err := On(ctx, c, &log)
	require.NoError(t, err)
	target.Swarm.Timeout = 3 * time.Minute
	l, runID := deployFailover(t, ctx, target)
	nodes := c.NodeFaults(host, target.Router.NodeOf)

	where := map[string]string{}
	for _, svc := range l.Services() {
		node, _, err := nodes.NodeOf(ctx, lab.ContainerNameOf(l.Project(), svc))
		if err == nil {
			where[svc] = node
		}
	}
	t.Logf("placement: %v", where)
	lost := where["salt-master-1"]
	require.NotEmpty(t, lost)
	require.NotEqual(t, lost, where["salt-master-2"])
	minion := ""
	for svc, node := range where {
		if strings.HasPrefix(svc, "salt-minion") && node != lost && (minion == "" || svc < minion) {
			minion = svc
		}
	}
	require.NotEmpty(t, minion, "a minion on a node other than master-1's")
	servedBy := func(master string, within time.Duration) (bool, time.Duration) {
		start := time.Now()
		ok, err := poll.Run(ctx, poll.Bounds{Deadline: start.Add(within), Interval: time.Second}, func(ctx context.Context, _ time.Duration) bool {
			r, err := l.Exec(ctx, minion, []string{"salt-call", "--master", master, "--out", "json", "test.ping"})
			return err == nil && r.ExitCode == 0 && strings.Contains(r.Stdout, "true")
		})
		require.NoError(t, err)
		return ok, time.Since(start)
	}
	ok, _ := servedBy("salt-master-1", time.Minute)
	require.True(t, ok, "%s is served by master-1 before the fault", minion)
	nodeBefore := nodeState(t, ctx, nodes, lost)

	// The fault is injected by a process of its own, SIGKILLed once it
	// says so: what heals it below has the ledger alone.
	ledger := filepath.Join(t.TempDir(), "faults.jsonl")
	labDocker := &renewOnStart{Client: target.Router, manager: c.Manager}
	injected := time.Now()
	injectAndKill(t, ctx, injection{Swarm: c.Name, RunID: runID, Project: l.Project(), Ledger: ledger, Service: "salt-master-1"})
	assert.Equal(t, "paused", nodeState(t, ctx, nodes, lost), "the node stays paused after its injector's SIGKILL")

	ok, took := servedBy("salt-master-2", 2*time.Minute)
	assert.True(t, ok, "%s is served by master-2 while master-1's node is away", minion)
	t.Logf("%s served by master-2 %s after the fault", minion, took.Round(100*time.Millisecond))

	// The manager's view: the node goes Down; master-1's task is ended
	// (desired state shutdown) and, restart policy none, not replaced.
	lostNode, _ := c.ByName(lost)
	down, err := poll.Run(ctx, poll.Bounds{Deadline: time.Now().Add(time.Minute), Interval: time.Second}, func(ctx context.Context, _ time.Duration) bool {
		info, _, err := c.Manager.NodeInspectWithRaw(ctx, lostNode.ID)
		return err == nil && info.Status.State == swarm.NodeStateDown
	})
	require.NoError(t, err)
	assert.True(t, down, "the manager marks the lost node Down")
	t.Logf("node %s Down %s after the fault", lost, time.Since(injected).Round(100*time.Millisecond))
	svc := ServiceName(l.Project(), "salt-master-1")
	tasks, err := c.Manager.TaskList(ctx, swarm.TaskListOptions{Filters: filters.NewArgs(filters.Arg("service", svc))})
	require.NoError(t, err)
	for _, task := range tasks {
		t.Logf("master-1 task %s on %s: desired %s, state %s", task.ID[:12], task.NodeID[:12], task.DesiredState, task.Status.State)
	}
	assert.Len(t, tasks, 1, "no replacement task: restart policy none")

	// The heal, from the ledger alone.
	l2, err := fault.Open(ledger)
	require.NoError(t, err)
	require.Len(t, l2.Pending(), 1)
	fresh := chaos.New(labDocker, runID, l.Project(), l2)
	fresh.OnSwarm(nodes)
	start := time.Now()
	require.NoError(t, l2.UndoAll(ctx, fresh))
	t.Logf("heal (unpause, node Ready, master-1 renewed): %s", time.Since(start).Round(100*time.Millisecond))
	assert.Empty(t, l2.Pending(), "the ledger holds nothing pending")
	assert.Equal(t, nodeBefore, nodeState(t, ctx, nodes, lost), "the node container is as before")
	info, _, err := c.Manager.NodeInspectWithRaw(ctx, lostNode.ID)
	require.NoError(t, err)
	assert.Equal(t, swarm.NodeStateReady, info.Status.State)
	sw, err := fresh.Sweep(ctx)
	require.NoError(t, err)
	assert.Zero(t, sw.Nodes, "nothing left for the sweep: %s", sw)

	// What the node brought back: master-1's task, ended by the manager
	// while the node was Down, was stopped by its engine once back, and
	// the heal started it again as a new task of its service on the same
	// node (renewOnStart standing in for the stack's Restarter, which
	// also rewrites the hosts entries naming its new address).
	tasks, err = c.Manager.TaskList(ctx, swarm.TaskListOptions{Filters: filters.NewArgs(filters.Arg("service", svc))})
	require.NoError(t, err)
	running := 0
	for _, task := range tasks {
		t.Logf("master-1 task %s after the heal: desired %s, state %s", task.ID[:12], task.DesiredState, task.Status.State)
		if task.Status.State == swarm.TaskStateRunning {
			running++
			assert.Equal(t, lostNode.ID, task.NodeID, "the new task runs on the node that came back")
		}
	}
	assert.Len(t, tasks, 2, "the ended task and its renewal")
	assert.Equal(t, 1, running, "one task of master-1 runs")
	assert.Equal(t, []string{"salt-master-1"}, labDocker.renewed, "only master-1 ran on the lost node, and only it was started again")
	ok, _ = servedBy("salt-master-2", time.Minute)
	assert.True(t, ok, "master-2 still serves after the heal")

	// The nodes share this machine's kernel: their clocks are its clock.
	offs, err := c.ClockOffsets(ctx)
	require.NoError(t, err)
	for _, o := range offs {
		t.Logf("clock of %s: %s ± %s", o.Node, o.Offset, o.Uncertainty)
		assert.LessOrEqual(t, o.Offset.Abs(), o.Uncertainty+time.Millisecond, "node %s's clock is the host's", o.Node)
	}
}

// injectorEnv, when set, makes the test binary the injector of a node
// fault (TestMain): the JSON of an injection.
const injectorEnv = "SALTLAB_TEST_NODE_INJECTOR"

// injection is what the injector process needs: the swarm, the lab and
// its ledger, and the service whose node it takes away.
type injection struct {
	Swarm, RunID, Project, Ledger, Service string
}

func TestMain(m *testing.M) {
	if v := os.Getenv(injectorEnv); v != "" {
		os.Exit(inject(v))
	}
	os.Exit(m.Run())
}

// inject takes the node of the injection's service away through the
// chaos engine, says so, and waits to be killed.
func inject(v string) int {
	var in injection
	if err := json.Unmarshal([]byte(v), &in); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	ctx := context.Background()
	c, err := swarmnodes.Open(ctx, in.Swarm)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	host, err := dockerx.New(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	target, err := On(ctx, c, io.Discard)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	e := chaos.New(target.Router, in.RunID, in.Project, fault.NewLedger(in.Ledger))
	e.OnSwarm(c.NodeFaults(host, target.Router.NodeOf))
	en, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindNodePause, Targets: []string{in.Service}})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("injected fault %d: %v\n", en.ID, en.Data)
	select {} // until SIGKILL
}

// injectAndKill runs the injector, waits for its word, and SIGKILLs it.
func injectAndKill(t *testing.T, ctx context.Context, in injection) {
	t.Helper()
	b, err := json.Marshal(in)
	require.NoError(t, err)
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), injectorEnv+"="+string(b))
	var out testenv.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Start())
	said := assert.Eventually(t, func() bool { return strings.Contains(out.String(), "injected fault") }, 2*time.Minute, 100*time.Millisecond, "%s", &out)
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	_ = cmd.Wait()
	require.True(t, said, "the injector said it acted: %s", &out)
	t.Logf("injector, SIGKILLed: %s", strings.TrimSpace(out.String()))
}

// renewOnStart is the router whose ContainerStart of a stopped task's
// container makes a new task of its service (a forced update) and waits
// until it runs: the node's engine refuses to start the old container
// (its secrets were released when its task ended).
type renewOnStart struct {
	*route.Client
	manager *client.Client
	renewed []string
}

func (r *renewOnStart) ContainerStart(ctx context.Context, id string, _ container.StartOptions) error {
	info, err := r.Client.ContainerInspect(ctx, id)
	if err != nil {
		return err
	}
	sid := info.Config.Labels["com.docker.swarm.service.id"]
	svc, _, err := r.manager.ServiceInspectWithRaw(ctx, sid, swarm.ServiceInspectOptions{})
	if err != nil {
		return err
	}
	svc.Spec.TaskTemplate.ForceUpdate++
	if _, err := r.manager.ServiceUpdate(ctx, sid, svc.Version, svc.Spec, swarm.ServiceUpdateOptions{}); err != nil {
		return err
	}
	r.renewed = append(r.renewed, info.Config.Labels[labels.Service])
	ok, err := poll.Run(ctx, poll.Within(time.Minute), func(ctx context.Context, _ time.Duration) bool {
		tasks, err := r.manager.TaskList(ctx, swarm.TaskListOptions{Filters: filters.NewArgs(filters.Arg("service", sid))})
		if err != nil {
			return false
		}
		for _, t := range tasks {
			if t.Status.State == swarm.TaskStateRunning && t.Status.ContainerStatus != nil && t.Status.ContainerStatus.ContainerID != info.ID {
				return true
			}
		}
		return false
	})
	if err == nil && !ok {
		err = fmt.Errorf("no new task of %s runs within a minute", svc.Spec.Name)
	}
	return err
}

// setRole sets (or, with "", removes) the node's RoleLabel in the swarm.
func setRole(t *testing.T, ctx context.Context, c *swarmnodes.Cluster, id, role string) {
	t.Helper()
	nd, _, err := c.Manager.NodeInspectWithRaw(ctx, id)
	require.NoError(t, err)
	spec := nd.Spec
	if spec.Labels == nil {
		spec.Labels = map[string]string{}
	}
	if role == "" {
		delete(spec.Labels, RoleLabel)
	} else {
		spec.Labels[RoleLabel] = role
	}
	require.NoError(t, c.Manager.NodeUpdate(ctx, id, nd.Version, spec))
}

// nodeState is the state of node's container on the host engine.
func nodeState(t *testing.T, ctx context.Context, n *swarmnodes.NodeFaults, node string) string {
	t.Helper()
	cs, err := n.Containers(ctx)
	require.NoError(t, err)
	for _, c := range cs {
		if strings.HasSuffix(strings.TrimPrefix(c.Names[0], "/"), "-"+node) {
			return string(c.State)
		}
	}
	t.Fatalf("no container of node %s", node)
	return ""
}

// deployFailover deploys the failover topology on the double on target
// with a fresh run id, torn down at the test's end.
func deployFailover(t *testing.T, ctx context.Context, target Target) (*lab.Lab, string) {
	t.Helper()
	l, plan, runID := liveFailoverPlan(t, ctx, target, "20261206-000001")
	t.Cleanup(func() {
		assert.NoError(t, Teardown(context.Background(), target.Swarm, Lab{RunID: runID, Project: l.Project()}))
	})
	require.NoError(t, Deploy(ctx, target.Swarm, plan, runID))
	return l, runID
}

// liveFailoverPlan loads the failover topology on the double for target
// with a fresh run id (stamp, then random hex) and subnet, passes its
// preflight and converts it with a fresh key pair: the lab, its plan and
// its run id, nothing deployed yet.
func liveFailoverPlan(t *testing.T, ctx context.Context, target Target, stamp string) (*lab.Lab, *Plan, string) {
	t.Helper()
	var b [2]byte
	_, _ = rand.Read(b[:])
	runID := fmt.Sprintf("%s-%02x%02x00", stamp, b[0], b[1])
	pw := filepath.Join(t.TempDir(), "api-password")
	require.NoError(t, os.WriteFile(pw, []byte("secret\n"), 0o600))
	subnet := fmt.Sprintf("10.%d.%d", 100+int(b[0])%100, b[1])
	l, err := lab.Load(ctx, target.Router, lab.Options{
		Files:   []string{filepath.Join(repoRoot(t), "compose", "failover", "compose.yaml")},
		Project: "saltlab-failover-" + runID, RunID: runID, Topology: "failover", Flavor: "sim",
		Env: map[string]string{"SALTLAB_API_PASSWORD_FILE": pw, "SALTLAB_SALT_IMAGE": "saltlab/salt-sim:latest",
			"SALTLAB_SUBNET": subnet + ".0/24", "SALTLAB_IP_RANGE": subnet + ".128/25",
			"SALTLAB_MASTER_1_IP": subnet + ".11", "SALTLAB_MASTER_2_IP": subnet + ".12"},
	})
	require.NoError(t, err)
	require.NoError(t, Preflight(l.Model()))
	keys, err := NewKeyPair()
	require.NoError(t, err)
	plan, err := Convert(Input{Lab: l, Nodes: target.Nodes, KeyPair: keys})
	require.NoError(t, err)
	return l, plan, runID
}

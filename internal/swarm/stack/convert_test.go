package stack

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/docker/docker/api/types/swarm"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/usage"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const goldenRun = "20261122-000000-abcdef"

func repoRoot(t testing.TB) string {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	require.NoError(t, err)
	return root
}

// loadTopology loads a built-in topology as a run does (no client: it is
// not contacted), with the run's salt-api password file.
func loadTopology(t testing.TB, topo string) *lab.Lab {
	t.Helper()
	pw := filepath.Join(t.TempDir(), "api-password")
	require.NoError(t, os.WriteFile(pw, []byte("secret\n"), 0o600))
	l, err := lab.Load(context.Background(), nil, lab.Options{
		Files:    []string{filepath.Join(repoRoot(t), "compose", topo, "compose.yaml")},
		Project:  "saltlab-" + topo + "-" + goldenRun,
		RunID:    goldenRun,
		Topology: topo,
		Flavor:   "sim",
		Owner:    "golden",
		Env:      map[string]string{"SALTLAB_API_PASSWORD_FILE": pw, "SALTLAB_SALT_IMAGE": "saltlab/salt-sim:latest"},
	})
	require.NoError(t, err)
	return l
}

func threeNodes() []Node {
	return []Node{{ID: "id-node-3", Hostname: "node-3"}, {ID: "id-node-1", Hostname: "node-1"}, {ID: "id-node-2", Hostname: "node-2"}}
}

func testKeys() KeyPair {
	return KeyPair{Private: []byte("-----PRIVATE-----\n"), Public: []byte("-----PUBLIC-----\n")}
}

// goldenJSON renders a plan for its golden file: object names numbered in
// order of appearance and their sizes and digests left out (the files of
// compose/lib change with the scripts; the tests below hold the content
// of the files that matter), the checkout's path as <repo>.
func goldenJSON(t testing.TB, p *Plan) string {
	t.Helper()
	b, err := json.MarshalIndent(p, "", "  ")
	require.NoError(t, err)
	s := string(b)
	for i, list := range [][]Object{p.Secrets, p.Configs} {
		for j, o := range list {
			s = strings.ReplaceAll(s, `"`+o.Name+`"`, fmt.Sprintf(`"<%s %d>"`, []string{"secret", "config"}[i], j+1))
		}
	}
	s = strings.ReplaceAll(s, repoRoot(t), "<repo>")
	var v any
	require.NoError(t, json.Unmarshal([]byte(s), &v))
	for _, key := range []string{"Secrets", "Configs"} {
		for _, o := range v.(map[string]any)[key].([]any) {
			delete(o.(map[string]any), "Size")
			delete(o.(map[string]any), "SHA256")
		}
	}
	b, err = json.MarshalIndent(v, "", "  ")
	require.NoError(t, err)
	return string(b) + "\n"
}

func TestConvertGolden(t *testing.T) {
	for _, topo := range []string{"failover", "hot"} {
		t.Run(topo, func(t *testing.T) {
			l := loadTopology(t, topo)
			require.NoError(t, Preflight(l.Model()))
			plan, err := Convert(Input{Lab: l, Nodes: threeNodes(), KeyPair: testKeys()})
			require.NoError(t, err)
			got := goldenJSON(t, plan)
			golden := filepath.Join("testdata", topo+".golden.json")
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test ./internal/swarm/stack -run TestConvertGolden -update once")
			assert.Equal(t, string(want), got, "the converted specs changed: review, then go test ./internal/swarm/stack -run TestConvertGolden -update")
		})
	}
}

// spec returns the converted service of compose service name.
func spec(t *testing.T, p *Plan, name string) Service {
	t.Helper()
	for _, s := range p.Services {
		if s.Compose == name {
			return s
		}
	}
	require.Failf(t, "no service", "%s not in the plan", name)
	return Service{}
}

func TestConvertKeepsWhatComposeGivesTheContainer(t *testing.T) {
	l := loadTopology(t, "failover")
	plan, err := Convert(Input{Lab: l, Nodes: threeNodes(), KeyPair: testKeys()})
	require.NoError(t, err)

	for _, name := range l.Services() {
		if name == "key-wait" {
			assert.Contains(t, plan.Dropped, name, "key-wait's work is the key pair's secret")
			continue
		}
		c, err := l.Container(name)
		require.NoError(t, err)
		cs := spec(t, plan, name).Spec.TaskTemplate.ContainerSpec
		assert.Equal(t, c.Config.Labels, cs.Labels, "%s: exactly the labels Up gives its container, so saltlab finds tasks as it finds containers", name)
		assert.Equal(t, c.Config.Env, cs.Env, name)
		assert.Equal(t, c.Config.Image, cs.Image, name)
		assert.Equal(t, c.Config.Hostname, cs.Hostname, name)
		assert.Equal(t, []string{"NONE"}, cs.Healthcheck.Test, "%s: saltlab runs the health test; Swarm would kill an unhealthy (paused) task", name)
		assert.Equal(t, swarm.RestartPolicyConditionNone, spec(t, plan, name).Spec.TaskTemplate.RestartPolicy.Condition, "%s: Swarm never undoes a fault", name)
		assert.Equal(t, goldenRun, spec(t, plan, name).Spec.Labels[labels.Run], name)
	}
	m2 := spec(t, plan, "salt-master-2")
	assert.Equal(t, []string{keyWrapper, "salt-master-2", "--", "/opt/saltlab/master-with-api"}, m2.Spec.TaskTemplate.ContainerSpec.Args)
	assert.NotNil(t, m2.Health, "the master's health test is kept for saltlab to run")
	assert.Empty(t, m2.After, "key-wait, the only dependency, is dropped")
	assert.Equal(t, []string{"node.id==id-node-3"}, m2.Spec.TaskTemplate.Placement.Constraints, "each master on a node of its own")
	assert.Equal(t, map[string]string{"salt-master-1": "service_healthy", "salt-master-2": "service_healthy"}, spec(t, plan, "salt-minion-1").After)
}

func TestConvertSendsBindsAsConfigsWithTheirModes(t *testing.T) {
	l := loadTopology(t, "failover")
	plan, err := Convert(Input{Lab: l, Nodes: threeNodes(), KeyPair: testKeys()})
	require.NoError(t, err)
	data := map[string][]byte{}
	for _, o := range append(append([]Object{}, plan.Configs...), plan.Secrets...) {
		data[o.Name] = o.Data
	}
	cs := spec(t, plan, "salt-master-1").Spec.TaskTemplate.ContainerSpec
	files := map[string]string{}
	modes := map[string]os.FileMode{}
	for _, c := range cs.Configs {
		files[c.File.Name], modes[c.File.Name] = string(data[c.ConfigName]), c.File.Mode
	}
	for _, s := range cs.Secrets {
		files[s.File.Name], modes[s.File.Name] = string(data[s.SecretName]), s.File.Mode
	}
	lab, err := os.ReadFile(filepath.Join(repoRoot(t), "compose", "failover", "config", "master.d", "lab.conf"))
	require.NoError(t, err)
	assert.Equal(t, string(lab), files["/etc/salt/master.d/lab.conf"])
	assert.Equal(t, "secret\n", files["/run/saltlab/api-password"], "the password file")
	assert.Equal(t, os.FileMode(0o600), modes["/run/saltlab/api-password"], "its mode on compose")
	assert.True(t, isSecret(cs, "/run/saltlab/api-password"), "a private file becomes a secret, never a config")
	assert.Equal(t, os.FileMode(0o755), modes["/opt/saltlab/swarm-keys"]&0o755, "scripts keep their execute bits")
	assert.Equal(t, "-----PRIVATE-----\n", files[keySource+"/master.pem"])
	assert.Equal(t, os.FileMode(0o400), modes[keySource+"/master.pem"])
	assert.True(t, isSecret(cs, keySource+"/master.pem"))
	assert.Equal(t, "-----PUBLIC-----\n", files[keySource+"/master.pub"])
}

func isSecret(cs *swarm.ContainerSpec, target string) bool {
	for _, s := range cs.Secrets {
		if s.File.Name == target {
			return true
		}
	}
	return false
}

func TestResolveWritesTaskAddresses(t *testing.T) {
	l := loadTopology(t, "failover")
	plan, err := Convert(Input{Lab: l, Nodes: threeNodes(), KeyPair: testKeys()})
	require.NoError(t, err)
	m := spec(t, plan, "salt-minion-1")
	require.Error(t, m.Resolve(map[string]string{"salt-master-1": "10.0.9.2"}), "a master not created yet")
	m = spec(t, plan, "salt-minion-1")
	require.NoError(t, m.Resolve(map[string]string{"salt-master-1": "10.0.9.2", "salt-master-2": "10.0.9.3"}))
	assert.Equal(t, []string{"10.0.9.2 salt-master-1", "10.0.9.3 salt-master-2"}, m.Spec.TaskTemplate.ContainerSpec.Hosts)
	assert.Empty(t, m.HostsOf)
}

func TestPlaceRefusesTooFewNodes(t *testing.T) {
	l := loadTopology(t, "failover")
	_, err := Convert(Input{Lab: l, Nodes: threeNodes()[:1], KeyPair: testKeys()})
	require.Error(t, err)
	assert.True(t, usage.Is(err))
	assert.Contains(t, err.Error(), "2 masters but the swarm has 1 node")
	_, err = Convert(Input{Lab: l, KeyPair: testKeys()})
	assert.ErrorContains(t, err, "saltlab swarm up")
}

// With no role label, the masters take the last nodes and the rest the
// first ones, so a node's loss takes a master and none of its minions;
// with no node to spare, every node takes every role.
func TestPlaceKeepsMastersApartWithoutLabels(t *testing.T) {
	l := loadTopology(t, "failover")
	tests := []struct {
		name              string
		nodes             []Node
		m1, m2, api       string
		minionConstraints []string
	}{
		{name: "three nodes", nodes: threeNodes(), m1: "id-node-2", m2: "id-node-3", api: "id-node-1",
			minionConstraints: []string{"node.id!=id-node-2", "node.id!=id-node-3"}},
		{name: "two nodes, none to spare", nodes: threeNodes()[:2], m1: "id-node-1", m2: "id-node-3", api: "id-node-1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plan, err := Convert(Input{Lab: l, Nodes: tt.nodes, KeyPair: testKeys()})
			require.NoError(t, err)
			assert.Equal(t, []string{"node.id==" + tt.m1}, spec(t, plan, "salt-master-1").Spec.TaskTemplate.Placement.Constraints)
			assert.Equal(t, []string{"node.id==" + tt.m2}, spec(t, plan, "salt-master-2").Spec.TaskTemplate.Placement.Constraints)
			assert.Equal(t, []string{"node.id==" + tt.api}, spec(t, plan, "nginx").Spec.TaskTemplate.Placement.Constraints)
			for _, m := range []string{"salt-minion-1", "salt-minion-2"} {
				assert.Equal(t, tt.minionConstraints, spec(t, plan, m).Spec.TaskTemplate.Placement.Constraints, m)
			}
		})
	}
}

func TestPlaceFollowsRoleLabels(t *testing.T) {
	l := loadTopology(t, "failover")
	nodes := []Node{
		{ID: "a", Hostname: "a", Labels: map[string]string{RoleLabel: "minion"}},
		{ID: "b", Hostname: "b", Labels: map[string]string{RoleLabel: "master"}},
		{ID: "c", Hostname: "c", Labels: map[string]string{RoleLabel: "master"}},
		{ID: "d", Hostname: "d", Labels: map[string]string{RoleLabel: "api"}},
	}
	plan, err := Convert(Input{Lab: l, Nodes: nodes, KeyPair: testKeys()})
	require.NoError(t, err)
	assert.Equal(t, []string{"node.id==b"}, spec(t, plan, "salt-master-1").Spec.TaskTemplate.Placement.Constraints)
	assert.Equal(t, []string{"node.id==c"}, spec(t, plan, "salt-master-2").Spec.TaskTemplate.Placement.Constraints)
	assert.Equal(t, []string{"node.id==d"}, spec(t, plan, "nginx").Spec.TaskTemplate.Placement.Constraints)
	assert.Equal(t, []string{"node.labels.io.saltlab.role==minion"}, spec(t, plan, "salt-minion-2").Spec.TaskTemplate.Placement.Constraints)
}

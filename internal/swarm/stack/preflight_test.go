package stack

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/policy"
	"github.com/saltlab/saltlab/internal/usage"
)

func TestEveryServiceKeyIsClassified(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range policy.ServiceFields() {
		seen[f.Name] = true
		_, ok := serviceRules[f.Name]
		assert.True(t, ok, "compose key %s (ServiceConfig.%s) has no Swarm rule: classify it in rules.go", f.Key, f.Name)
	}
	for name := range serviceRules {
		assert.True(t, seen[name], "rules.go classifies %s, which ServiceConfig no longer has", name)
	}
}

// baseProject is a minimal lab with two masters sharing a key volume, as
// the built-in topologies are; each case changes one thing.
const baseProject = `
x-saltlab:
  masters: [m1, m2]
  minions: [minion]
services:
  m1:
    image: saltlab/salt-sim:latest
    command: [salt-master]
    volumes: [keys:/etc/salt/pki/master]
  m2:
    image: saltlab/salt-sim:latest
    command: [salt-master]
    volumes: [keys:/etc/salt/pki/master]
  minion:
    image: saltlab/salt-sim:latest
%s
volumes:
  keys:
  data:
%s`

// loadYAML reads a compose file the way lab.Load does, without saltlab's
// compose policy, so the preflight is tested on its own.
func loadYAML(t testing.TB, service, top string) (*types.Project, error) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ro.conf"), []byte("x: 1\n"), 0o644))
	f := filepath.Join(dir, "compose.yaml")
	require.NoError(t, os.WriteFile(f, []byte(strings.Replace(strings.Replace(baseProject, "%s", service, 1), "%s", top, 1)), 0o644))
	return readProject(t, f)
}

func TestPreflight(t *testing.T) {
	tests := []struct {
		name    string
		service string // lines of the minion service (4 spaces in)
		top     string // top-level keys after volumes
		key     string // the key the one problem names; "" for none
		want    string // in the message
	}{
		{name: "the base lab passes"},
		{name: "privileged", service: "    privileged: true", key: "privileged", want: "cap_add"},
		{name: "network_mode", service: "    network_mode: host", key: "network_mode", want: "networks:"},
		{name: "pid", service: "    pid: host", key: "pid", want: "namespaces of their own"},
		{name: "ipc", service: "    ipc: host", key: "ipc", want: "unsupported"},
		{name: "uts", service: "    uts: host", key: "uts", want: "unsupported"},
		{name: "userns_mode", service: "    userns_mode: host", key: "userns_mode", want: "unsupported"},
		{name: "cgroup", service: "    cgroup: host", key: "cgroup", want: "unsupported"},
		{name: "cgroup_parent", service: "    cgroup_parent: x", key: "cgroup_parent", want: "unsupported"},
		{name: "devices", service: "    devices: [/dev/null]", key: "devices", want: "unsupported"},
		{name: "build", service: "    build: .", key: "build", want: "saltlab swarm load"},
		{name: "domainname", service: "    domainname: example.org", key: "domainname", want: "hostname:"},
		{name: "links", service: "    links: [m1]", key: "links", want: "by name"},
		{name: "external_links", service: "    external_links: [x]", key: "external_links", want: "unsupported"},
		{name: "mac_address", service: "    mac_address: 02:42:ac:11:00:02", key: "mac_address", want: "unsupported"},
		{name: "security_opt", service: "    security_opt: [no-new-privileges]", key: "security_opt", want: "unsupported"},
		{name: "shm_size", service: "    shm_size: 64m", key: "shm_size", want: "tmpfs"},
		{name: "volumes_from", service: "    volumes_from: [m1]", key: "volumes_from", want: "forbids"},
		{name: "cpu_quota", service: "    cpu_quota: 50000", key: "cpu_quota", want: "deploy.resources.limits"},
		{name: "cpu_shares", service: "    cpu_shares: 512", key: "cpu_shares", want: "deploy.resources.limits"},
		{name: "cpuset", service: "    cpuset: \"0\"", key: "cpuset", want: "deploy.resources.limits"},
		{name: "memswap_limit", service: "    mem_limit: 1g\n    memswap_limit: 2g", key: "memswap_limit", want: "forbids"},
		{name: "cpu_period", service: "    cpu_period: 100000", key: "cpu_period", want: "no Swarm field"},
		{name: "mem_swappiness", service: "    mem_swappiness: 10", key: "mem_swappiness", want: "no Swarm field"},
		{name: "oom_kill_disable", service: "    oom_kill_disable: true", key: "oom_kill_disable", want: "no Swarm field"},
		{name: "oom_score_adj", service: "    oom_score_adj: 100", key: "oom_score_adj", want: "API 1.46"},
		{name: "storage_opt", service: "    storage_opt: {size: 1G}", key: "storage_opt", want: "no Swarm field"},
		{name: "runtime", service: "    runtime: runc", key: "runtime", want: "no Swarm field"},
		{name: "isolation", service: "    isolation: default", key: "isolation", want: "Windows"},
		{name: "platform", service: "    platform: linux/amd64", key: "platform", want: "placement"},
		{name: "secrets", service: "    secrets: [s]", top: "secrets:\n  s:\n    file: ./ro.conf", key: "secrets", want: "saltlab itself"},
		{name: "configs", service: "    configs: [c]", top: "configs:\n  c:\n    file: ./ro.conf", key: "configs", want: "saltlab itself"},
		{name: "a writable bind", service: "    volumes: [./ro.conf:/etc/x.conf]", key: "volumes", want: "read-only"},
		{name: "a volume shared outside the masters' pki dir", service: "    volumes: [data:/data]\n  other:\n    image: x\n    volumes: [data:/data]", key: "volumes", want: "shared by minion, other"},
		{name: "mode global", service: "    deploy: {mode: global}", key: "deploy.mode", want: "every node"},
		{name: "replicas", service: "    deploy: {replicas: 3}", key: "deploy.replicas", want: "--minions"},
		{name: "scale", service: "    scale: 2", key: "scale", want: "--minions"},
		{name: "endpoint_mode vip", service: "    deploy: {endpoint_mode: vip}", key: "deploy.endpoint_mode", want: "IPVS"},
		{name: "endpoint_mode dnsrr", service: "    deploy: {endpoint_mode: dnsrr}"},
		{name: "ports", service: "    ports: [\"127.0.0.1::80\"]"},
		{name: "ipv6_address", service: "    networks: {default: {ipv6_address: \"fd00::2\"}}", key: "networks.default.ipv6_address", want: "pool"},
		{name: "an external network", service: "", top: "networks:\n  default:\n    external: true\n    name: host-net", key: "networks.default", want: "external"},
		{name: "a macvlan network", service: "", top: "networks:\n  default:\n    driver: macvlan", key: "networks.default", want: "span"},
		// Handled by saltlab: no problem.
		{name: "depends_on", service: "    depends_on: {m1: {condition: service_healthy}}"},
		{name: "container_name", service: "    container_name: fixed"},
		{name: "restart", service: "    restart: always"},
		{name: "healthcheck", service: "    healthcheck: {test: [CMD, \"true\"]}"},
		{name: "pull_policy", service: "    pull_policy: never"},
		{name: "expose", service: "    expose: [\"80\"]"},
		{name: "a read-only bind", service: "    volumes: [./ro.conf:/etc/x.conf:ro]"},
		{name: "a volume of its own", service: "    volumes: [data:/data]"},
		{name: "tmpfs", service: "    tmpfs: [/run]"},
		{name: "ipv4_address", service: "    networks: {default: {ipv4_address: 172.29.0.20}}", top: "networks:\n  default:\n    ipam: {config: [{subnet: 172.29.0.0/24}]}"},
		{name: "resources", service: "    mem_reservation: 256m\n    deploy: {resources: {limits: {memory: 512m, cpus: \"0.5\"}}}"},
		{name: "placement", service: "    deploy: {placement: {constraints: [node.role==worker]}}"},
		{name: "cap_add", service: "    cap_add: [NET_ADMIN]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := loadYAML(t, tt.service, tt.top)
			require.NoError(t, err)
			err = Preflight(p)
			if tt.key == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.True(t, usage.Is(err), "a usage error: exit 2")
			var e *Error
			require.ErrorAs(t, err, &e)
			require.NotEmpty(t, e.Problems)
			for _, p := range e.Problems {
				assert.Equal(t, tt.key, p.Key, err.Error())
			}
			assert.Contains(t, err.Error(), tt.want)
			assert.NotEmpty(t, e.Problems[0].Fix)
			assert.Contains(t, err.Error(), "nothing was deployed")
		})
	}
}

func TestPreflightNamesEveryProblemAndItsService(t *testing.T) {
	p, err := loadYAML(t, "    privileged: true\n    pid: host", "")
	require.NoError(t, err)
	err = Preflight(p)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `service "minion": privileged`)
	assert.Contains(t, err.Error(), `service "minion": pid`)
	assert.Contains(t, err.Error(), "2 settings Swarm cannot honour")
}

func TestPreflightOfTheBuiltInTopologies(t *testing.T) {
	tests := []struct {
		topo string
		want string // "" passes
	}{
		{topo: "failover"},
		{topo: "hot"},
		{topo: "failover-dns"},
		{topo: "syndic"},
		// The signing key pair reaches masters and minions through shared volumes.
		{topo: "failover-pki", want: "salt_sign:/sign: is shared by salt-master-1, salt-master-2, sign-keygen"},
		{topo: "cluster", want: "is shared by"},
	}
	for _, tt := range tests {
		t.Run(tt.topo, func(t *testing.T) {
			p, err := readProject(t, filepath.Join("..", "..", "..", "compose", tt.topo, "compose.yaml"))
			require.NoError(t, err)
			err = Preflight(p)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tt.want)
		})
	}
}

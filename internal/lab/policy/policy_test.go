package policy_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/policy"
	"github.com/saltlab/saltlab/internal/usage"
)

// rules are this file's host: the standard sockets only, whatever
// DOCKER_HOST the test machine has.
var rules = policy.New(func(string) string { return "" })

// load reads a compose document written into dir the way saltlab does.
func load(t *testing.T, dir, doc string) *types.Project {
	t.Helper()
	file := filepath.Join(dir, "compose.yaml")
	require.NoError(t, os.WriteFile(file, []byte(doc), 0o600))
	p, err := lab.ReadProject(context.Background(), []string{file}, "policy-test", nil)
	require.NoError(t, err)
	return p
}

// svc is a one-service compose document with the given keys under it.
func svc(keys string) string {
	body := "    image: saltlab/base:test\n"
	for _, l := range strings.Split(strings.TrimSpace(keys), "\n") {
		if l != "" {
			body += "    " + l + "\n"
		}
	}
	return "services:\n  a:\n" + body
}

// violations checks p and returns what it found ("" keys when allowed).
func violations(t *testing.T, p *types.Project) []policy.Violation {
	t.Helper()
	err := rules.Check(p)
	if err == nil {
		return nil
	}
	assert.True(t, usage.Is(err), "policy errors are the user's input (exit 2): %v", err)
	var pe *policy.Error
	require.True(t, errors.As(err, &pe), "%v", err)
	assert.Equal(t, p.ComposeFiles, pe.Files, "the error names the user's file")
	return pe.Violations
}

// allowedCases are service keys the policy allows (also fuzz seeds).
var allowedCases = []struct{ name, keys string }{
	{"nothing", ""},
	{"default and namespaced capabilities", "cap_add: [CHOWN, net_admin, CAP_SYS_PTRACE, NET_BIND_SERVICE]"},
	{"dropping capabilities", "cap_drop: [ALL]"},
	{"no-new-privileges", "security_opt: [no-new-privileges, 'no-new-privileges:true', apparmor=docker-default]"},
	{"namespaced sysctls", "sysctls: {net.ipv4.tcp_keepalive_time: 60, net.core.somaxconn: 1024, kernel.shmmax: 1000000, fs.mqueue.msg_max: 20, net/ipv6/conf/all/disable_ipv6: 1}"},
	{"loopback and unaddressed ports", "ports: ['127.0.0.1:8080:80', '9090', '7070:70/udp', '127.0.0.1::443']"},
	{"named, anonymous and tmpfs volumes", "volumes: [data:/data, /anon, {type: tmpfs, target: /scratch}]\n"},
	{"a bind of the lab's own directory", "volumes: ['./conf:/etc/salt/master.d:ro', '../lib:/opt/saltlab:ro']"},
	{"a bind of /dev/null", "volumes: ['/dev/null:/run/saltlab/api-password:ro']"},
	{"a bind under /var/lib that is not the engine's", "volumes: ['/var/lib/jenkins/workspace/lab:/srv/salt:ro']"},
	{"private propagation", "volumes: [{type: bind, source: ./conf, target: /c, bind: {propagation: rslave}}]"},
	{"process and limits", "user: '1000:1000'\ninit: true\nread_only: true\nmem_limit: 2g\npids_limit: 100\nulimits: {nofile: 4096}\nshm_size: 64m\noom_score_adj: 100"},
	{"private namespaces of its own", "scale: 1"},
	{"healthcheck, dns, hosts", "healthcheck: {test: [CMD, 'true']}\ndns: [1.1.1.1]\nextra_hosts: ['m1:10.0.0.1']\nhostname: h"},
	{"build is never run", "build: ."},
	{"an env_file of the lab", "env_file: [./lab.env]"},
	{"deploy limits", "deploy: {resources: {limits: {memory: 1g, pids: 50}}}"},
}

func TestAllowed(t *testing.T) {
	for _, tc := range allowedCases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "lab.env"), []byte("A=1\n"), 0o600))
			doc := svc(tc.keys) + "volumes:\n  data:\n"
			assert.Empty(t, violations(t, load(t, dir, doc)))
		})
	}
}

// refusedCases are service keys the policy refuses, each with the key it
// names and what it says (also fuzz seeds).
var refusedCases = []struct {
	name, keys string
	key        string   // the compose key named
	says       []string // in the problem or the fix
}{
	{"privileged", "privileged: true", "privileged", []string{"every capability", "cap_add"}},
	{"cap_add ALL", "cap_add: [ALL]", "cap_add", []string{"privileged mode in disguise", "NET_ADMIN"}},
	{"cap_add SYS_ADMIN", "cap_add: [sys_admin]", "cap_add", []string{"sys_admin would give the container mount"}},
	{"cap_add CAP_SYS_MODULE", "cap_add: [CAP_SYS_MODULE]", "cap_add", []string{"kernel modules"}},
	{"cap_add an unknown capability", "cap_add: [WAKE_ALARM]", "cap_add", []string{"outside the lab's allowlist"}},
	{"devices", "devices: ['/dev/sda:/dev/sda']", "devices", []string{"host's devices"}},
	{"device cgroup rules", "device_cgroup_rules: ['c 1:3 mr']", "device_cgroup_rules", []string{"devices"}},
	{"gpus", "gpus: all", "gpus", []string{"GPUs"}},
	{"deploy devices", "deploy: {resources: {reservations: {devices: [{capabilities: [gpu]}]}}}", "deploy.resources.reservations.devices", []string{"devices"}},
	{"network_mode host", "network_mode: host", "network_mode", []string{"host's namespace", "networks:"}},
	{"network_mode of a container", "network_mode: 'container:other'", "network_mode", []string{"another container's namespace"}},
	{"network_mode none", "network_mode: none", "network_mode", []string{"not supported"}},
	{"pid host", "pid: host", "pid", []string{"host's namespace"}},
	{"ipc host", "ipc: host", "ipc", []string{"host's namespace"}},
	{"uts host", "uts: host", "uts", []string{"host's namespace"}},
	{"userns host", "userns_mode: host", "userns_mode", []string{"host's namespace"}},
	{"cgroup host", "cgroup: host", "cgroup", []string{"host's namespace"}},
	{"cgroup_parent", "cgroup_parent: /system.slice", "cgroup_parent", []string{"outside the engine's"}},
	{"seccomp unconfined", "security_opt: ['seccomp=unconfined']", "security_opt", []string{"removes the container's seccomp confinement"}},
	{"seccomp profile", "security_opt: ['seccomp:./profile.json']", "security_opt", []string{"replaces the engine's seccomp profile"}},
	{"apparmor unconfined", "security_opt: ['apparmor:unconfined']", "security_opt", []string{"apparmor confinement"}},
	{"label disable", "security_opt: ['label=disable']", "security_opt", []string{"label confinement"}},
	{"label type", "security_opt: ['label=type:spc_t']", "security_opt", []string{"SELinux label"}},
	{"systempaths", "security_opt: ['systempaths=unconfined']", "security_opt", []string{"systempaths confinement"}},
	{"writable cgroups", "security_opt: ['writable-cgroups=true']", "security_opt", []string{"not an option the lab allows"}},
	{"a host-wide sysctl", "sysctls: {kernel.panic: 1}", "sysctls", []string{"kernel.panic is not a namespaced sysctl", "net.ipv4.*"}},
	{"vm sysctl", "sysctls: {vm.overcommit_memory: 1}", "sysctls", []string{"vm.overcommit_memory"}},
	{"a port on every address", "ports: ['0.0.0.0:8080:80']", "ports", []string{"host address 0.0.0.0", "127.0.0.1:8080:80"}},
	{"a port on IPv6 wildcard", "ports: ['[::]:8080:80']", "ports", []string{"host address ::"}},
	{"a port on a LAN address", "ports: [{target: 80, host_ip: 10.1.2.3, published: '8080'}]", "ports", []string{"10.1.2.3 publishes the port beyond this host"}},
	{"the Docker socket", "volumes: ['/var/run/docker.sock:/var/run/docker.sock']", "volumes", []string{"exposes the Docker API socket", "bind a directory of your lab"}},
	{"the run dir", "volumes: ['/run:/host-run']", "volumes", []string{"Docker API socket"}},
	{"the host root", "volumes: ['/:/host:ro']", "volumes", []string{"/ "}},
	{"/etc", "volumes: ['/etc/localtime:/etc/localtime:ro']", "volumes", []string{"inside the host system path /etc"}},
	{"/var", "volumes: ['/var:/host-var']", "volumes", []string{"/var"}},
	{"/var/lib", "volumes: ['/var/lib:/l']", "volumes", []string{"contains the host system path /var/lib/docker"}},
	{"/proc", "volumes: ['/proc:/host-proc']", "volumes", []string{"/proc"}},
	{"a device", "volumes: ['/dev/kmsg:/dev/kmsg']", "volumes", []string{"/dev"}},
	{"shared propagation", "volumes: [{type: bind, source: ./conf, target: /c, bind: {propagation: rshared}}]", "volumes", []string{"appear on the host"}},
	{"an image mount", "volumes: [{type: image, source: busybox, target: /b}]", "volumes", []string{"volume type \"image\""}},
	{"use_api_socket", "use_api_socket: true", "use_api_socket", []string{"Docker API socket"}},
	{"runtime", "runtime: sysbox-runc", "runtime", []string{"OCI runtime"}},
	{"volumes_from", "volumes_from: ['container:db']", "volumes_from", []string{"another container"}},
	{"a hook", "post_start: [{command: 'true', privileged: true}]", "post_start", []string{"hook"}},
	{"external_links", "external_links: [other]", "external_links", []string{"not supported"}},
	{"mac_address", "mac_address: '02:42:ac:11:00:02'", "mac_address", []string{"not supported"}},
	{"scale", "scale: 2", "scale", []string{"more than one replica", "--minions"}},
	{"replicas", "deploy: {replicas: 3}", "", []string{"more than one replica"}},
	{"an env_file of the host", "env_file: [/etc/environment]", "env_file", []string{"/etc/environment is inside the host system path /etc", "environment"}},
	{"a label_file of the host", "label_file: [/etc/os-release]", "label_file", []string{"/etc"}},
}

func TestRefused(t *testing.T) {
	for _, tc := range refusedCases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			vs := violations(t, load(t, dir, svc(tc.keys)))
			require.Len(t, vs, 1, "%v", vs)
			v := vs[0]
			assert.Equal(t, "a", v.Service)
			if tc.key != "" {
				assert.Equal(t, tc.key, v.Key)
			}
			assert.NotEmpty(t, v.Fix)
			for _, s := range tc.says {
				assert.Contains(t, v.String(), s)
			}
		})
	}
}

func TestRefusedProjectResources(t *testing.T) {
	tests := []struct {
		name, doc, key, says string
	}{
		{"external network", "networks:\n  lan:\n    external: true\n", "networks.lan", "outside the lab"},
		{"macvlan", "networks:\n  lan:\n    driver: macvlan\n    driver_opts: {parent: eth0}\n", "networks.lan", "macvlan"},
		{"bridge options", "networks:\n  lan:\n    driver_opts: {com.docker.network.bridge.host_binding_ipv4: 0.0.0.0}\n", "networks.lan", "host_binding_ipv4"},
		{"ipam plugin", "networks:\n  lan:\n    ipam: {driver: weird}\n", "networks.lan", "ipam driver weird"},
		{"external volume", "volumes:\n  v:\n    external: true\n", "volumes.v", "not the lab's"},
		{"a volume that binds the host", "volumes:\n  v:\n    driver_opts: {type: none, o: bind, device: /}\n", "volumes.v", "driver_opts"},
		{"a volume plugin", "volumes:\n  v:\n    driver: rexray\n", "volumes.v", "rexray"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vs := violations(t, load(t, t.TempDir(), svc("")+tc.doc))
			require.NotEmpty(t, vs)
			assert.Equal(t, tc.key, vs[0].Key)
			assert.Empty(t, vs[0].Service)
			assert.Contains(t, vs[0].String(), tc.says)
		})
	}
	// The MTU is the one bridge option a CI host may need.
	assert.Empty(t, violations(t, load(t, t.TempDir(), svc("")+"networks:\n  lan:\n    driver_opts: {com.docker.network.driver.mtu: 1400}\n")))
}

// Every violation of a file is reported at once, services in name order,
// under one message naming the file.
func TestEveryViolationInOneMessage(t *testing.T) {
	dir := t.TempDir()
	doc := "services:\n  b:\n    image: x\n    privileged: true\n    pid: host\n  a:\n    image: x\n    cap_add: [SYS_ADMIN]\n"
	p := load(t, dir, doc)
	err := rules.Check(p)
	require.Error(t, err)
	msg := err.Error()
	assert.True(t, strings.HasPrefix(msg, filepath.Join(dir, "compose.yaml")+": 3 settings are outside saltlab's compose policy (docs/compose-policy.md):"), msg)
	assert.Less(t, strings.Index(msg, `service "a": cap_add`), strings.Index(msg, `service "b": pid`))
	assert.Contains(t, msg, `service "b": privileged: true gives the container every capability`)
}

// The project's own topologies and the e2e labs are inside the policy.
func TestBuiltInTopologiesAreAllowed(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "compose", "*", "compose.yaml"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 6)
	e2e, err := filepath.Glob(filepath.Join("..", "..", "e2e", "testdata", "*", "compose.yaml"))
	require.NoError(t, err)
	require.NotEmpty(t, e2e)
	for _, f := range append(files, e2e...) {
		t.Run(f, func(t *testing.T) {
			p, err := lab.ReadProject(context.Background(), []string{f}, "policy-test", nil)
			require.NoError(t, err)
			assert.NoError(t, rules.Check(p))
		})
	}
}

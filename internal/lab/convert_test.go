package lab

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/mount"
	"github.com/docker/go-connections/nat"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

func TestConvertContainerConfig(t *testing.T) {
	l, log := load(t, testOptions("basic.yaml"))
	db := l.specs["db"]
	const project = "saltlab-unit-20261122-000000-abcdef"

	assert.Equal(t, project+"-db-1", db.name)
	assert.Contains(t, log, `container_name "fixed-db" ignored`)
	assert.Contains(t, log, "start_interval ignored")

	cfg := db.config
	assert.Equal(t, "saltlab/base:test", cfg.Image)
	assert.Equal(t, "db-host", cfg.Hostname)
	assert.Equal(t, []string{"serve", "5432"}, []string(cfg.Cmd))
	assert.Equal(t, []string{"/app"}, []string(cfg.Entrypoint))
	assert.Equal(t, []string{"A_VAR=one", "B_VAR=two"}, cfg.Env, "sorted, unset variables dropped")
	assert.Equal(t, "1000:1000", cfg.User)
	assert.Equal(t, "/srv", cfg.WorkingDir)
	require.NotNil(t, cfg.StopTimeout)
	assert.Equal(t, 2, *cfg.StopTimeout, "1.5s rounds up to whole seconds")
	assert.Equal(t, &container.HealthConfig{
		Test:        []string{"CMD", "/app", "dial", "127.0.0.1:5432"},
		Interval:    500 * time.Millisecond,
		Timeout:     2 * time.Second,
		StartPeriod: 3 * time.Second,
		Retries:     7,
	}, cfg.Healthcheck, "start_interval dropped for API 1.41")

	host := db.host
	assert.Equal(t, []string{"NET_ADMIN"}, []string(host.CapAdd))
	assert.Equal(t, []string{"MKNOD"}, []string(host.CapDrop))
	require.NotNil(t, host.Init)
	assert.True(t, *host.Init)
	assert.Equal(t, container.RestartPolicy{Name: container.RestartPolicyOnFailure, MaximumRetryCount: 3}, host.RestartPolicy)
	assert.Equal(t, map[string]string{"/run": "size=1m"}, host.Tmpfs)
	assert.False(t, host.Privileged)
}

func TestConvertLabels(t *testing.T) {
	l, _ := load(t, testOptions("basic.yaml"))
	const project = "saltlab-unit-20261122-000000-abcdef"
	got := l.specs["db"].config.Labels
	want := map[string]string{
		"team":                                "salt",
		labels.Run:                            "20261122-000000-abcdef", // a compose label cannot forge it
		labels.Project:                        project,
		labels.Managed:                        "true",
		labels.Service:                        "db",
		labels.Topology:                       "failover",
		labels.Flavor:                         "sim",
		"com.docker.compose.project":          project,
		"com.docker.compose.service":          "db",
		"com.docker.compose.container-number": "1",
		"com.docker.compose.oneoff":           "False",
	}
	for k, v := range want {
		assert.Equal(t, v, got[k], "label %s", k)
	}
	abs, err := filepath.Abs(fixture(""))
	require.NoError(t, err)
	assert.Equal(t, abs, got["com.docker.compose.project.working_dir"])
}

func TestConvertPorts(t *testing.T) {
	l, log := load(t, testOptions("basic.yaml"))
	host := l.specs["db"].host
	assert.Equal(t, nat.PortMap{
		"8080/tcp": {{HostIP: "127.0.0.1", HostPort: ""}}, // ephemeral
		"90/tcp":   {{HostIP: "127.0.0.1", HostPort: "9090"}},
		"70/udp":   {{HostIP: "127.0.0.1", HostPort: "7070"}},
	}, host.PortBindings)
	assert.Contains(t, l.specs["db"].config.ExposedPorts, nat.Port("8080/tcp"))
	assert.Contains(t, log, `port 90/tcp bound to 127.0.0.1: lab ports are loopback-only`)
	assert.Contains(t, log, `port 8080/tcp bound to 127.0.0.1: lab ports are loopback-only`)
	assert.NotContains(t, log, "port 70/udp")
}

func TestConvertMounts(t *testing.T) {
	l, _ := load(t, testOptions("basic.yaml"))
	const project = "saltlab-unit-20261122-000000-abcdef"
	conf, err := filepath.Abs(fixture("conf"))
	require.NoError(t, err)
	assert.Equal(t, []mount.Mount{
		{Type: mount.TypeVolume, Source: project + "_data", Target: "/var/lib/db"},
		{Type: mount.TypeBind, Source: conf, Target: "/etc/db", ReadOnly: true},
		{Type: mount.TypeTmpfs, Target: "/scratch"},
		{Type: mount.TypeVolume, Target: "/anon"},
	}, l.specs["db"].host.Mounts)
	assert.Equal(t, project+"_data", l.specs["init"].host.Mounts[0].Source, "services share the project volume")
}

func TestConvertNetworks(t *testing.T) {
	l, _ := load(t, testOptions("basic.yaml"))
	const project = "saltlab-unit-20261122-000000-abcdef"
	tests := []struct {
		service     string
		create      string
		createAlias []string
		connect     []string
	}{
		// Equal priority: sorted by key, so backend first, default connected later.
		{"db", project + "_backend", []string{"db", "database"}, []string{project + "_default"}},
		{"web", project + "_default", []string{"web"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.service, func(t *testing.T) {
			spec := l.specs[tc.service]
			require.Len(t, spec.create.EndpointsConfig, 1, "API 1.41 allows one network at create")
			ep := spec.create.EndpointsConfig[tc.create]
			require.NotNil(t, ep)
			assert.Equal(t, tc.createAlias, ep.Aliases)
			var connect []string
			for _, e := range spec.connect {
				connect = append(connect, e.network)
				assert.Equal(t, []string{tc.service}, e.settings.Aliases)
			}
			assert.Equal(t, tc.connect, connect)
		})
	}
	name, err := l.NetworkName("backend")
	require.NoError(t, err)
	assert.Equal(t, project+"_backend", name)
}

func TestRestartPolicy(t *testing.T) {
	tests := []struct {
		in      string
		want    container.RestartPolicy
		wantErr bool
	}{
		{"", container.RestartPolicy{Name: "no"}, false},
		{"always", container.RestartPolicy{Name: "always"}, false},
		{"unless-stopped", container.RestartPolicy{Name: "unless-stopped"}, false},
		{"on-failure", container.RestartPolicy{Name: "on-failure"}, false},
		{"on-failure:5", container.RestartPolicy{Name: "on-failure", MaximumRetryCount: 5}, false},
		{"on-failure:x", container.RestartPolicy{}, true},
		{"sometimes", container.RestartPolicy{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := restartPolicy(tc.in)
			if tc.wantErr {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

package lab

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/docker/docker/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/usage"
)

// *client.Client must keep satisfying Docker.
var _ Docker = (*client.Client)(nil)

func fixture(name string) string {
	return filepath.Join("testdata", "compose", name)
}

func testOptions(files ...string) Options {
	for i, f := range files {
		files[i] = fixture(f)
	}
	return Options{
		Files:    files,
		Project:  "saltlab-unit-20261122-000000-abcdef",
		RunID:    "20261122-000000-abcdef",
		Topology: "failover",
		Flavor:   "sim",
	}
}

func load(t *testing.T, opts Options) (*Lab, string) {
	t.Helper()
	var log bytes.Buffer
	opts.Log = &log
	l, err := Load(context.Background(), nil, opts)
	require.NoError(t, err)
	return l, log.String()
}

func TestLoadRejects(t *testing.T) {
	tests := []struct {
		file string
		want []string // substrings of the error
	}{
		// The compose policy (internal/lab/policy), naming the file.
		{"privileged.yaml", []string{"privileged.yaml: 1 setting is outside saltlab's compose policy", `service "a": privileged: true gives the container every capability`}},
		{"docker-sock.yaml", []string{`service "a": volumes: /var/run/docker.sock:/var/run/docker.sock: /var/run/docker.sock exposes the Docker API socket`}},
		{"docker-run-dir.yaml", []string{`service "a": volumes: /run:/host-run: /run exposes the Docker API socket`}},
		{"bad-hostip.yaml", []string{"host address 10.1.2.3 publishes the port beyond this host", "127.0.0.1:8080:80"}},
		{"unsupported.yaml", []string{"2 settings are outside", `network_mode: host shares the host's namespace`, `volumes_from: mounts the volumes of another container`}},
		{"build-no-image.yaml", []string{`service "a": has build: but no image:`, "saltlab images"}},
		// compose-go's own messages, with the file named by us when compose-go does not.
		{"unknown-key.yaml", []string{"unknown-key.yaml", "services.a.healthcheck additional properties 'intervl' not allowed"}},
		{"yaml-syntax.yaml", []string{"load compose project from testdata/compose/yaml-syntax.yaml", "mapping values are not allowed in this context"}},
		{"undefined-dep.yaml", []string{"undefined-dep.yaml", `service "a" depends on undefined service "nope"`}},
		{"cycle.yaml", []string{"cycle.yaml", "dependency cycle detected"}},
		{"no-such-file.yaml", []string{"no-such-file.yaml"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			_, err := Load(context.Background(), nil, testOptions(tc.file))
			require.Error(t, err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// A policy violation is the user's input (exit 2), found in the file as
// written: the transform (saltlab's knobs) never runs on it.
func TestLoadPolicyBeforeTransform(t *testing.T) {
	opts := testOptions("privileged.yaml")
	opts.Transform = func(*types.Project) error {
		t.Error("transform ran on a project outside the policy")
		return nil
	}
	_, err := Load(context.Background(), nil, opts)
	require.Error(t, err)
	assert.True(t, usage.Is(err), "%v", err)
}

func TestLoadRejectsBadOptions(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Options)
		want string
	}{
		{"no files", func(o *Options) { o.Files = nil }, "no compose files"},
		{"stdin", func(o *Options) { o.Files = []string{"-"} }, "stdin"},
		{"bad project", func(o *Options) { o.Project = "Bad Name" }, "invalid project name"},
		{"bad run id", func(o *Options) { o.RunID = "X" }, "invalid run id"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opts := testOptions("chain.yaml")
			tc.edit(&opts)
			_, err := Load(context.Background(), nil, opts)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestLoadProfilesAndOverrides(t *testing.T) {
	l, _ := load(t, testOptions("basic.yaml", "override.yaml"))
	assert.Equal(t, []string{"db", "init", "web"}, l.Services())
	assert.Equal(t, "saltlab-unit-20261122-000000-abcdef", l.Project())
	assert.Contains(t, l.specs["web"].config.Env, "FROM_OVERRIDE=yes")

	opts := testOptions("basic.yaml")
	opts.Profiles = []string{"debug"}
	l, _ = load(t, opts)
	assert.Equal(t, []string{"db", "debug", "init", "web"}, l.Services())
}

func TestLoadEnvIsOnlyFromOptions(t *testing.T) {
	t.Setenv("A_VALUE", "from-os")
	l, _ := load(t, testOptions("basic.yaml"))
	assert.Contains(t, l.specs["db"].config.Env, "A_VAR=one", "OS environment must not leak into interpolation")

	opts := testOptions("basic.yaml")
	opts.Env = map[string]string{"A_VALUE": "from-options", "DB_IMAGE": "saltlab/db:1"}
	l, _ = load(t, opts)
	assert.Contains(t, l.specs["db"].config.Env, "A_VAR=from-options")
	assert.Equal(t, "saltlab/db:1", l.specs["db"].config.Image)
}

func TestUnknownService(t *testing.T) {
	l, _ := load(t, testOptions("chain.yaml"))
	_, err := l.ContainerID("nope")
	assert.ErrorContains(t, err, `unknown service "nope"`)
	_, err = l.ContainerID("a")
	assert.ErrorContains(t, err, "no container yet")
	_, err = l.State(context.Background(), "nope")
	assert.ErrorContains(t, err, "services: a, b, c, solo")
}

// The project's real topologies must stay loadable by the lab.
func TestLoadFailoverTopology(t *testing.T) {
	for _, topo := range []string{"failover", "failover-dns", "failover-pki", "cluster"} {
		t.Run(topo, func(t *testing.T) {
			opts := testOptions()
			opts.Files = []string{filepath.Join("..", "..", "compose", topo, "compose.yaml")}
			l, _ := load(t, opts)
			assert.Contains(t, l.Services(), "salt-master-1")
			for _, name := range l.Services() {
				spec := l.specs[name]
				assert.Equal(t, opts.Project+"-"+name+"-1", spec.name)
				assert.NotContains(t, spec.config.Image, "$", "interpolated")
			}
		})
	}
}

func TestWithoutTakesServicesOutOfTheLab(t *testing.T) {
	l, _ := load(t, testOptions("basic.yaml"))
	l.Without("init", "absent")
	assert.Equal(t, []string{"db", "web"}, l.Services())
	_, err := l.ContainerID("init")
	assert.Error(t, err, "a service taken out is unknown to the lab")
}

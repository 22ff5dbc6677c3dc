package swarm

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/docker/docker/api/types/mount"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/usage"
)

func TestValidateName(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"lab", true},
		{"a", true},
		{"ci-2", true},
		{strings.Repeat("a", 30), true},
		{strings.Repeat("a", 31), false},
		{"", false},
		{"Lab", false},
		{"-lab", false},
		{"lab_1", false},
		{"lab.1", false},
		{"../x", false},
		{"a b", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateName(tc.name)
			if tc.ok {
				require.NoError(t, err)
				// every name makes a valid run id, whose labels and
				// private folder the sweeps and `down` know
				assert.NoError(t, labels.ValidateRunID(RunID(tc.name)))
				return
			}
			require.Error(t, err)
			assert.True(t, usage.Is(err), "a bad name is the user's input: exit 2")
			assert.Contains(t, err.Error(), "invalid swarm name")
		})
	}
}

func TestValidateNodes(t *testing.T) {
	for _, n := range []int{1, DefaultNodes, MaxNodes} {
		assert.NoError(t, ValidateNodes(n), n)
	}
	for _, n := range []int{-1, 0, MaxNodes + 1, 9} {
		err := ValidateNodes(n)
		require.Error(t, err, n)
		assert.True(t, usage.Is(err))
		assert.Contains(t, err.Error(), "out of range 1-7")
	}
}

func TestNames(t *testing.T) {
	assert.Equal(t, "swarm-lab", RunID("lab"))
	assert.Equal(t, "saltlab-swarm-lab-node2", containerName("lab", NodeName(2)))
	assert.Equal(t, "saltlab-swarm-lab", networkName("lab"))
	assert.Equal(t, "saltlab-swarm-lab-node2-docker", volumeName("lab", "node2"))
	assert.Equal(t, "/s/swarm-lab/node2/docker.sock", socketPath("/s", "lab", "node2"))
	// the swarm's socket folder is its run's private folder, which the
	// sweep of dead runs and `saltlab down` remove with the run
	assert.Equal(t, filepath.Join("/s", RunID("lab")), SocketDir("/s", "lab"))
}

func TestSocketPathFits(t *testing.T) {
	require.NoError(t, checkSocketPath("/root/.local/state/saltlab", strings.Repeat("a", 30)))
	err := checkSocketPath("/"+strings.Repeat("d", 80), "lab")
	require.Error(t, err)
	assert.True(t, usage.Is(err))
	assert.Contains(t, err.Error(), "set SALTLAB_STATE_DIR to a shorter folder")
}

func TestNodeLabels(t *testing.T) {
	l := nodeLabels("lab", "node1")
	assert.Equal(t, "swarm-lab", l[labels.Run])
	assert.Equal(t, "true", l[labels.Managed])
	assert.Equal(t, "lab", l[NameLabel])
	assert.Equal(t, "node1", l[NodeLabel])
	// an up in progress: its leftovers are a dead run's if it dies
	// before the swarm is marked detached
	assert.True(t, strings.HasPrefix(l[labels.Owner], labels.UpOwnerPrefix), l[labels.Owner])
	assert.NotContains(t, nodeLabels("lab", ""), NodeLabel)
}

func TestNodeSpec(t *testing.T) {
	cfg, host, nets := nodeSpec("lab", "node2", "/state")
	assert.Equal(t, "node2", cfg.Hostname)
	assert.Contains(t, cfg.Env, "DOCKER_SERVICE_PREFER_OFFLINE_IMAGE=1")
	// privileged in effect (a node stands for a host), but without the
	// one capability this machine's engine lacks
	assert.Equal(t, []string{"ALL"}, []string(host.CapAdd))
	assert.Equal(t, []string{"SYS_RESOURCE"}, []string(host.CapDrop))
	assert.Equal(t, []string{}, host.MaskedPaths, "/proc unmasked")
	assert.Empty(t, host.PortBindings, "nothing of a node is published")
	for _, a := range cfg.Cmd {
		assert.NotContains(t, a, "tcp://", "the node's API is a unix socket only")
	}
	assert.Contains(t, cfg.Cmd, "--host=unix:///run/saltlab-swarm/docker.sock")
	assert.Equal(t, []mount.Mount{
		{Type: mount.TypeVolume, Source: "saltlab-swarm-lab-node2-docker", Target: "/var/lib/docker"},
		{Type: mount.TypeBind, Source: "/state/swarm-lab/node2", Target: "/run/saltlab-swarm"},
	}, host.Mounts)
	assert.Contains(t, nets.EndpointsConfig, "saltlab-swarm-lab")
	assert.Equal(t, "swarm-lab", cfg.Labels[labels.Run])
}

func TestCheckMade(t *testing.T) {
	dir := t.TempDir()
	err := checkMade(dir, "lab")
	require.Error(t, err)
	assert.True(t, usage.Is(err))
	assert.Contains(t, err.Error(), "make it with `saltlab swarm up --name lab`")
}

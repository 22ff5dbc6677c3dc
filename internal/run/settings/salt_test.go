package settings

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExamplesOnlyForBuiltInTopologies: without --states and --pillar a
// built-in topology gets the checkout's examples, while a user's compose
// file keeps the /srv/salt it mounts itself.
func TestExamplesOnlyForBuiltInTopologies(t *testing.T) {
	root, err := filepath.Abs("../../..")
	require.NoError(t, err)
	t.Setenv("SALTLAB_STATE_DIR", t.TempDir())
	tests := []struct {
		name       string
		topology   string
		compose    string
		wantStates string
	}{
		{"built-in topology", "failover", "", filepath.Join(root, "examples", "states")},
		{"user compose", "user-lab", filepath.Join(root, "internal", "e2e", "testdata", "user-lab", "compose.yaml"), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{RepoRoot: root, Topology: tc.topology, Compose: tc.compose, Flavor: "sim", SaltVersion: "3008", ReportsDir: t.TempDir()}
			require.NoError(t, cfg.Complete())
			states, _ := cfg.Knobs.Mounts()
			assert.Equal(t, tc.wantStates, states)
		})
	}
}

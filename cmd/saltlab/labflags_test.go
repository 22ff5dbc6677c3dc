package main

import (
	"flag"
	"io"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/run/settings"
)

// TestExamplesOnlyForBuiltInTopologies: without --states and --pillar a
// built-in topology gets the checkout's examples, while a user's compose
// file keeps the /srv/salt it mounts itself.
func TestExamplesOnlyForBuiltInTopologies(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	t.Setenv("SALTLAB_STATE_DIR", t.TempDir())
	tests := []struct {
		name       string
		args       []string
		wantStates string
	}{
		{"built-in topology", []string{"--topology", "failover"}, filepath.Join(root, "examples", "states")},
		{"user compose", []string{"--compose", filepath.Join(root, "internal", "e2e", "testdata", "user-lab", "compose.yaml"), "--topology", "user-lab"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs := flag.NewFlagSet("run", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			var cfg settings.Config
			in := labFlags(fs, &cfg)
			require.NoError(t, fs.Parse(append([]string{"--salt", "sim", "--root", root}, tc.args...)))
			require.NoError(t, checkLabFlags(&cfg, in))
			states, _ := cfg.Knobs.Mounts()
			assert.Equal(t, tc.wantStates, states)
		})
	}
}

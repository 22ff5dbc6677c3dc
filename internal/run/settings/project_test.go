package settings

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/usage"
)

// TestCheckProject: a compose file outside the compose policy, or with a
// missing or wrong x-saltlab block, or (on the double) a Salt option the
// double does not implement, is bad input (exit 2) naming the file and the
// key, found without Docker.
func TestCheckProject(t *testing.T) {
	sim := func(sets ...string) Config {
		return Config{Flavor: images.FlavorSim, Knobs: mustParse(t, knobs.Inputs{Sets: sets})}
	}
	tests := []struct {
		file    string
		cfg     Config
		wantErr []string
	}{
		{file: "testdata/roles/good.yaml"},
		{file: "testdata/roles/missing.yaml", wantErr: []string{"missing.yaml: no top-level x-saltlab block"}},
		{file: "testdata/roles/bad-path.yaml", wantErr: []string{"bad-path.yaml", `x-saltlab.api.base_path: "salt-api/" does not start with "/"`}},
		{file: "../../lab/policy/testdata/socket-lab.yaml", wantErr: []string{"socket-lab.yaml: 2 settings are outside saltlab's compose policy",
			`service "minion": ports: 4505:4505: host address 0.0.0.0`, `service "minion": volumes: /var/run/docker.sock:/var/run/docker.sock`}},
		{file: "../../../compose/failover/compose.yaml", cfg: sim("minion.master_alive_interval=5")},
		{file: "../../../compose/failover/compose.yaml", cfg: Config{Flavor: images.FlavorReal, Knobs: mustParse(t, knobs.Inputs{Sets: []string{"minion.master_alive_intreval=5"}})}},
		{file: "../../../compose/failover/compose.yaml", cfg: sim("minion.master_alive_intreval=5", "master.tcp_keepalive=true"), wantErr: []string{
			"check the run's Salt options against the double's own list: 2 Salt option(s) that the Salt double",
			`--set minion.master_alive_intreval: no minion option "master_alive_intreval"; did you mean "master_alive_interval"?`,
			`--set master.tcp_keepalive: no master option "tcp_keepalive"; the double does not implement it`, "--salt real"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			_, _, err := tt.cfg.CheckProject(context.Background(), tt.file, "roles-test")
			if len(tt.wantErr) == 0 {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.True(t, usage.Is(err), "exit 2")
			for _, w := range tt.wantErr {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// TestComposeFlag: --compose replaces the topology's file; it must exist,
// and --topology must then still make a valid tag and project name.
func TestComposeFlag(t *testing.T) {
	tests := []struct {
		name     string
		cfg      Config
		wantFile string
		wantErr  string
	}{
		{name: "topology's own", cfg: Config{RepoRoot: "../../..", Topology: "hot"}, wantFile: "compose/hot/compose.yaml"},
		{name: "user's file", cfg: Config{RepoRoot: "../../..", Topology: "mylab", Compose: "testdata/roles/good.yaml"}, wantFile: "testdata/roles/good.yaml"},
		{name: "missing file", cfg: Config{RepoRoot: "../../..", Topology: "mylab", Compose: "testdata/roles/nope.yaml"},
			wantErr: "validate --compose testdata/roles/nope.yaml: not a readable file"},
		{name: "bad topology name", cfg: Config{RepoRoot: "../../..", Topology: "My Lab", Compose: "testdata/roles/good.yaml"},
			wantErr: `validate --topology "My Lab": with --compose it names the scenarios' tag and the project`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := tt.cfg.ComposeFile()
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.True(t, usage.Is(err))
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.True(t, strings.HasSuffix(f, tt.wantFile), f)
		})
	}
}

// mustParse parses knob inputs the way the command line does.
func mustParse(t *testing.T, in knobs.Inputs) knobs.Parsed {
	t.Helper()
	v, err := in.Parse()
	require.NoError(t, err)
	return v
}

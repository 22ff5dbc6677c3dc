//go:build docker

package e2e

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/run/status"
)

// userLab is a user's own compose file: its own service names, found only
// through its x-saltlab block.
const userLab = "internal/e2e/testdata/user-lab"

// TestUserComposeRunsOnTheDouble: `saltlab run --compose FILE` brings up a
// user's file and runs the user's feature and the general scenarios its
// roles allow (hot minions, two masters, no API balancer) against it,
// unchanged; the steps find the masters and minions through the declared
// roles, not names. The general scenarios written for hot minions
// (@mode-hot) run in TestHotScenarioPassesOnTheDouble, and hot_master_down
// on a user's compose in TestWeakHealthCheckIsExposed too, so here every
// general scenario of any mode runs on hot minions, once in CI.
func TestUserComposeRunsOnTheDouble(t *testing.T) {
	parallelLab(t)
	out := runPasses(t, "user-lab", []string{"--compose", filepath.Join(userLab, "compose.yaml"), "--topology", "user-lab", "--tags", "not @slow and not @mode-hot",
		"features", filepath.Join(userLab, "features")},
		"Stopping the primary leaves every minion reachable through the backup",
		"Every master holds the same states, pillar and access control",
		"Master-1 stops and salt-call reaches master-2 within its mode's bound",
		"Master-2 cold-starts while master-1 is down and every minion signs in to it",
		"Every master stops, the minion daemons keep running and sign in again when the masters return")
	assert.Contains(t, out, "failover-time: valid: web-a:")
	assert.Contains(t, out, "general scenarios that need an API load balancer")
	assert.NotContains(t, out, "salt-call and the minion daemons move to master-2", "no @mode-failover scenario on hot minions")
}

// TestUserComposeWithoutRolesExits2: a compose file without a usable
// x-saltlab block, or outside the compose policy, is refused before any
// Docker work, with exit 2 and the fix.
func TestUserComposeWithoutRolesExits2(t *testing.T) {
	parallelLab(t)
	bin := saltlabBinary(t)
	for _, tt := range []struct{ file, want string }{
		{file: "internal/lab/roles/testdata/no-roles.yaml", want: "no top-level x-saltlab block: declare the roles"},
		{file: "internal/run/settings/testdata/roles/bad-path.yaml", want: `x-saltlab.api.base_path: "salt-api/" does not start with "/"`},
		{file: "internal/e2e/testdata/no-such-file.yaml", want: "validate --compose internal/e2e/testdata/no-such-file.yaml: not a readable file"},
		{file: "internal/lab/policy/testdata/socket-lab.yaml", want: `service "minion": volumes: /var/run/docker.sock:/var/run/docker.sock: /var/run/docker.sock exposes the Docker API socket`},
	} {
		t.Run(tt.file, func(t *testing.T) {
			out, err := saltlab(t, bin, "up", "--salt", "sim", "--compose", tt.file, "--reports", t.TempDir()).CombinedOutput()
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, string(out))
			assert.Equal(t, 2, ee.ExitCode(), string(out))
			assert.Contains(t, string(out), tt.want)
		})
	}
}

// TestStatusOfAUserCompose: `saltlab status` on a lab brought up from a
// user's compose file finds its masters and minions through the x-saltlab
// roles (access.Open loads them), whatever the services are called. The
// lab declares its minions by name (web-a, web-b) and is scaled with
// --minions 3: the clones web-a-1..3 are its minions.
func TestStatusOfAUserCompose(t *testing.T) {
	parallelLab(t)
	bin := saltlabBinary(t)
	id := runID(t, "userstatus")
	reports := t.TempDir()
	out, err := saltlab(t, bin, "up", "--salt", "sim", "--compose", filepath.Join(userLab, "compose.yaml"), "--topology", "user-lab",
		"--minions", "3", "--reports", reports, "--run-id", id).CombinedOutput()
	t.Cleanup(func() {
		if derr := saltlab(t, bin, "down", "--run", id).Run(); derr != nil {
			t.Errorf("saltlab down --run %s: %v", id, derr)
		}
	})
	require.NoError(t, err, string(out))
	js, err := saltlab(t, bin, "status", "--run", id, "--reports", reports, "--json").Output()
	require.NoError(t, err, string(js))
	var r status.Report
	require.NoError(t, json.Unmarshal(js, &r), string(js))
	var masters, minions []string
	for _, m := range r.Masters {
		masters = append(masters, m.Service)
		assert.NotEmpty(t, m.Fingerprint, m.Error)
	}
	for _, m := range r.Minions {
		minions = append(minions, m.Service)
		assert.NotEmpty(t, m.ConnectedTo, "hot minion %s holds publish connections (%s)", m.Service, m.Error)
	}
	assert.ElementsMatch(t, []string{"primary", "backup"}, masters)
	assert.ElementsMatch(t, []string{"web-a-1", "web-a-2", "web-a-3"}, minions)
	assert.True(t, r.KeysAgree, "the user's masters share one key pair")
}

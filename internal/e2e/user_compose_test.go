//go:build docker

package e2e

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// userLab is a user's own compose file: its own service names, found only
// through its x-saltlab block.
const userLab = "internal/e2e/testdata/user-lab"

// TestUserComposeRunsOnTheDouble: `saltlab run --compose FILE` brings up a
// user's file and runs the user's feature against it; the steps find the
// masters and minions through the declared roles, not names.
func TestUserComposeRunsOnTheDouble(t *testing.T) {
	out := runPasses(t, "user-lab", []string{"--compose", filepath.Join(userLab, "compose.yaml"), "--topology", "user-lab", filepath.Join(userLab, "features")},
		"Stopping the primary leaves every minion reachable through the backup")
	assert.Contains(t, out, "failover-time: valid: web-a:")
}

// TestUserComposeWithoutRolesExits2: a compose file without a usable
// x-saltlab block is refused before any Docker work, with exit 2 and the fix.
func TestUserComposeWithoutRolesExits2(t *testing.T) {
	bin := saltlabBinary(t)
	for _, tt := range []struct{ file, want string }{
		{file: "internal/roles/testdata/no-roles.yaml", want: "no top-level x-saltlab block: declare the roles"},
		{file: "internal/runner/testdata/roles/bad-path.yaml", want: `x-saltlab.api.base_path: "salt-api/" does not start with "/"`},
		{file: "internal/e2e/testdata/no-such-file.yaml", want: "validate --compose internal/e2e/testdata/no-such-file.yaml: not a readable file"},
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

//go:build docker

package e2e

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUpWithoutAutoAcceptAcceptsDeclaredKeys: masters that keep Salt's
// default (auto_accept False) come up, bring-up accepting every declared
// minion's key with salt-key -a and saying so.
func TestUpWithoutAutoAcceptAcceptsDeclaredKeys(t *testing.T) {
	parallelLab(t)
	bin := saltlabBinary(t)
	id := runID(t, "noauto")
	reports := t.TempDir()
	out, err := saltlab(t, bin, "up", "--topology", "failover", "--salt", "sim", "--reports", reports, "--run-id", id,
		"--set", "master.auto_accept=false").CombinedOutput()
	t.Cleanup(func() {
		_, _ = saltlab(t, bin, "down", "--run", id).CombinedOutput()
		assertNothingLeft(t, id)
	})
	require.NoError(t, err, "%s", out)
	for _, m := range []string{"salt-minion-1", "salt-minion-2"} {
		assert.Contains(t, string(out), "accepted the pending key of "+m+" on salt-master-1")
	}
	assert.NotContains(t, string(out), "on salt-master-2 (salt-key -a", "the shared pki directory already lists them accepted")
}

// TestPendingKeyScenarioOnTheDouble runs the @manual-keys scenario on the
// shared pki directory (failover) and on one per master (failover-pki).
func TestPendingKeyScenarioOnTheDouble(t *testing.T) {
	parallelLab(t)
	for _, topology := range []string{"failover", "failover-pki"} {
		t.Run(topology, func(t *testing.T) {
			runPasses(t, "pending-"+topology, []string{"--topology", topology, "--set", "master.auto_accept=false", "--tags", "@manual-keys"},
				"A pending key accepted on the first master is accepted wherever its pki directory is shared")
		})
	}
}

// TestPendingKeyScenarioOnRealSalt is the same on real Salt.
func TestPendingKeyScenarioOnRealSalt(t *testing.T) {
	parallelRealLab(t)
	requireIndex(t)
	bin := saltlabBinary(t)
	reports := t.TempDir()
	id := runID(t, "pending-real")
	cmd := saltlab(t, bin, "run", "--salt", "real", "--topology", "failover", "--set", "master.auto_accept=false",
		"--tags", "@manual-keys", "--reports", reports, "--run-id", id)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s\n%s", failedCases(filepath.Join(reports, id)), tail(string(out), 60))
	assertNothingLeft(t, id)
}

//go:build docker

package e2e

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/report"
)

// TestAIInfraMatrixTopologyOnTheDouble brings up the layout users deploy and
// runs its @ai-infra-matrix feature: master-2 starts after its own key wait,
// the salt-api answers through Nginx under /salt-api/ and moves to the
// backup master (its sessions do not), and minions configured as the
// deployment's HA guide documents never sign in (salt-semantics §1.5).
func TestAIInfraMatrixTopologyOnTheDouble(t *testing.T) {
	runDir, out := runTopologyOnDouble(t, "ai-infra-matrix")
	junit, err := report.ReadJUnit(filepath.Join(runDir, "junit.xml"))
	require.NoError(t, err)
	assertAllPassed(t, junit)
	caseNamed(t, junit, "Minions configured as the HA guide documents never sign in")
	caseNamed(t, junit, "The salt-api behind Nginx moves to the backup master, its sessions do not")
	assert.Contains(t, out, "salt-master-1 knew no minion key")
	assert.Contains(t, out, "Attempt to authenticate with the salt master failed with timeout error")
	assert.Contains(t, out, "login through the load balancer succeeded after")
}

//go:build docker

package e2e

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAIInfraMatrixTopologyOnTheDouble brings up the layout users deploy and
// runs its @ai-infra-matrix feature: master-2 starts after its own key wait,
// the salt-api answers through Nginx under /salt-api/ and moves to the
// backup master (its sessions do not), and minions configured as the
// deployment's HA guide documents never sign in (salt-semantics §1.5).
func TestAIInfraMatrixTopologyOnTheDouble(t *testing.T) {
	parallelLab(t)
	out := topologyPasses(t, "ai-infra-matrix",
		"Minions configured as the HA guide documents never sign in",
		"The salt-api behind Nginx moves to the backup master, its sessions do not")
	assert.Contains(t, out, "no-sign-in: valid")
	assert.Contains(t, out, "Attempt to authenticate with the salt master failed with timeout error")
	assert.Contains(t, out, "api-recovery: valid: lb: recovered after")
}

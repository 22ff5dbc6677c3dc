package steps

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

// The failover scenario written with role phrases runs on the fake
// failover lab: "the first master" is the service the step stops.
func TestRolePhrasesDriveAFeature(t *testing.T) {
	status, out, _, _ := runFeature(t, "testdata/role_phrases.feature", scenariotest.NewLab())
	require.Equal(t, 0, status, out)
	assert.Contains(t, out, "salt-master-1 stopped")
}

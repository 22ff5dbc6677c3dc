package steps

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

// TestResetIsOwedToTheNextScenario: the reset after a faulted scenario
// runs before the next scenario, so the last scenario's reset, which the
// torn-down lab never uses, is not paid; with EagerReset (a lab kept after
// the run) it runs right after each faulted scenario. Either way the
// second scenario starts from freshly booted minions.
func TestResetIsOwedToTheNextScenario(t *testing.T) {
	tests := []struct {
		name       string
		eager      bool
		wantStarts int // minion starts: two minions per reset
	}{
		{name: "owed to the next scenario", eager: false, wantStarts: 2},
		{name: "eager, for a kept lab", eager: true, wantStarts: 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lab := scenariotest.NewLab()
			status, out, _, ledger := runFeatureWith(t, "testdata/two_stops.feature", lab, "pretty", tt.eager)
			require.Equal(t, 0, status, out)
			assert.Equal(t, tt.wantStarts, lab.MinionStarts, out)
			assert.Empty(t, ledger.Pending(), "both stops were healed")
			assert.Equal(t, tt.wantStarts/2, strings.Count(out, "so the next scenario starts from a fresh boot"), "one log line per reset")
		})
	}
}

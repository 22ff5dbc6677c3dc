package steps

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

// The fake lab serves every minion from the first running master of its
// list, i.e. it always fails back; the failback step must accept that only
// when the minions' config turns master_failback on.
func TestFailbackFeature(t *testing.T) {
	const feature = "../features/general/master-faults/failback.feature"
	tests := []struct {
		name       string
		config     string
		wantStatus int
		wantOut    []string
	}{
		{name: "on: the return to master-1 is expected", config: "master_failback: True\n", wantStatus: 0,
			wantOut: []string{"master_failback is true on every minion: expecting the daemons to return to salt-master-1"}},
		{name: "off: a return to master-1 contradicts Salt", config: "", wantStatus: 1,
			wantOut: []string{"master_failback is false on every minion", "expected salt-master-1 to serve no minion's salt test.ping for the whole bound"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lab := scenariotest.NewLab()
			lab.Config += tt.config
			status, out, _, ledger := runFeature(t, feature, lab)
			assert.Equal(t, tt.wantStatus, status, out)
			for _, w := range tt.wantOut {
				assert.Contains(t, out, w)
			}
			assert.Empty(t, ledger.Pending(), "healed on every exit path")
			assert.True(t, lab.Running["salt-master-1"], "master-1 started again")
		})
	}
}

// Cold start: master-2 is started alone again through the ledger and the
// reconnect bound comes from the minions' master_tries.
func TestColdStartFeature(t *testing.T) {
	const feature = "../features/general/cold-start/cold_start.feature"
	lab := scenariotest.NewLab()
	lab.Config += "master_tries: -1\n"
	status, out, ms, ledger := runFeature(t, feature, lab)
	require.Equal(t, 0, status, out)
	assert.Contains(t, out, "salt-master-2 started again at")
	got := ms.For("Master-2 cold-starts while master-1 is down and every minion signs in to it")
	require.NotEmpty(t, got)
	for _, m := range got {
		assert.True(t, m.Met, m.String())
	}
	assert.Empty(t, ledger.Pending())
	assert.True(t, lab.Running["salt-master-1"], "master-1 started by the After hook")

	// With master_tries 1 Salt restarts the minion instead: no bound.
	restarts := scenariotest.NewLab()
	status, out, _, ledger = runFeature(t, feature, restarts)
	assert.Equal(t, 1, status, out)
	assert.Contains(t, out, "master_tries is 1, so the minion restarts itself")
	assert.Empty(t, ledger.Pending())
}

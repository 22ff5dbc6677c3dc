package steps

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

// The name wait passes once the container is gone from Docker's DNS and
// fails, naming what it saw, while the name still resolves; resume heals
// only pauses and says so when there is none.
func TestNameWaitAndResume(t *testing.T) {
	tests := []struct {
		name       string
		steps      string
		wantStatus int
		wantOut    []string
	}{
		{"a stopped master's name is gone", `
    When I stop "the first master"
    Then the name "the first master" no longer resolves on "the second master"`, 0, nil},
		{"a running master's name still resolves", `
    Then the name "salt-master-1" no longer resolves on "salt-master-2"`, 1,
			[]string{`expected "salt-master-1" to stop resolving on salt-master-2 within 15s; observed: map[hosts:[`}},
		{"pause and resume a group", `
    When I pause "the minions"
    And I resume "the minions"
    Then every minion answers "salt-call test.ping"`, 0, []string{"salt-minion-1 paused at", "salt-minion-2 paused at", "the minions resumed at"}},
		{"resume without a pause", `
    When I resume "salt-minion-1"`, 1,
			[]string{`resume salt-minion-1: no pending pause of it in this scenario; pause it first with: I pause "salt-minion-1"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "dns.feature")
			body := "@failover\nFeature: names\n  Scenario: s\n    Given the lab is healthy" + tt.steps + "\n"
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			status, out, _, ledger := runFeature(t, p, scenariotest.NewLab())
			assert.Equal(t, tt.wantStatus, status, out)
			for _, w := range tt.wantOut {
				assert.Contains(t, out, w)
			}
			assert.Empty(t, ledger.Pending(), "healed on every exit path")
		})
	}
}

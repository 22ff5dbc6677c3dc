package steps

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

// The generic fault phrase injects any kind of the chaos registry, with
// its options as `saltlab chaos` takes them, on a service or a role
// phrase, and refuses what the registry refuses.
func TestGenericFaultPhrase(t *testing.T) {
	tests := []struct {
		name       string
		steps      string
		wantStatus int
		wantOut    []string
	}{
		{"a kind without options, healed by its own phrase", `
    When I inject pause on "the first master"
    And I resume "salt-master-1"`, 0, []string{"pause on the first master at", "salt-master-1 resumed at"}},
		{"options in words", `
    When I inject partition on "salt-minion-1" with --from salt-master-1 --one-way`, 0,
			[]string{"partition on salt-minion-1 with --from salt-master-1 --one-way at"}},
		{"a kind the registry lacks", `
    When I inject meteor on "salt-master-1"`, 1, []string{`unknown fault "meteor": want one of stop, kill, pause`}},
		{"an option its kind does not take", `
    When I inject pause on "salt-master-1" with --delay 1s`, 1,
			[]string{"fault pause: --delay does not apply to this fault (usage: pause SERVICE)"}},
		{"an option's value by its rule", `
    When I inject latency on "salt-master-1" with --delay 200`, 1, []string{`validate --delay "200": no unit`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "inject.feature")
			body := "@failover\nFeature: faults\n  Scenario: s\n    Given the lab is healthy" + tt.steps + "\n"
			require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
			status, out, _, ledger := runFeature(t, p, scenariotest.NewLab())
			assert.Equal(t, tt.wantStatus, status, out)
			for _, w := range tt.wantOut {
				assert.Contains(t, out, w)
			}
			assert.Empty(t, ledger.Pending(), "healed on every exit path")
		})
	}
}

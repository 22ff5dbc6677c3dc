package runner

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/report"
)

func TestScenariosFailedNamesWhatFailed(t *testing.T) {
	many := make([]report.ScenarioResult, 0, 8)
	for i := range 7 {
		many = append(many, report.ScenarioResult{Name: "s" + string(rune('a'+i)), Status: "failed", Message: "Step x: boom"})
	}
	tests := []struct {
		name string
		sum  []report.ScenarioResult
		want string
	}{
		{"none failed says only the sentinel", []report.ScenarioResult{{Name: "a", Status: "passed"}}, "scenarios failed"},
		{"one failed on a lab, message on one line", []report.ScenarioResult{
			{Name: "a", Status: "passed"},
			{Name: "Stopping master-1", Status: "failed", Lab: "lab2", Message: "Step the minion answers:\n  timed out\n"},
			{Name: "c", Status: "skipped"},
		}, `scenarios failed: 2 of 3: "Stopping master-1" on lab2 failed: Step the minion answers: timed out; "c" skipped`},
		{"undefined counts as failed", []report.ScenarioResult{{Name: "u", Status: "undefined", Message: "no step matches"}},
			`scenarios failed: 1 of 1: "u" undefined: no step matches`},
		{"an invalid verdict fails a passed scenario", []report.ScenarioResult{{Name: "v", Status: "passed",
			Verdicts: []report.Verdict{{Checker: "exactly-once", Verdict: checker.Valid}, {Checker: "returns-delivered", Verdict: checker.Invalid, Explanation: "minion-1 never returned"}}}},
			`scenarios failed: 1 of 1: "v" passed its steps but returns-delivered said invalid: minion-1 never returned`},
		{"skipped counts against the run with its reason", []report.ScenarioResult{{Name: "k", Status: "skipped", SkipReason: "no syndic"}},
			`scenarios failed: 1 of 1: "k" skipped: no syndic`},
		{"past five the rest are counted", many,
			`scenarios failed: 7 of 7: "sa" failed: Step x: boom; "sb" failed: Step x: boom; "sc" failed: Step x: boom; "sd" failed: Step x: boom; "se" failed: Step x: boom; and 2 more`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := scenariosFailed(report.Summary{Scenarios: tt.sum})
			require.ErrorIs(t, err, ErrScenariosFailed)
			assert.Equal(t, tt.want, err.Error())
		})
	}
}

func TestScenariosFailedClipsLongMessagesOnARune(t *testing.T) {
	msg := strings.Repeat("é", maxFailureMessage) // two bytes each
	err := scenariosFailed(report.Summary{Scenarios: []report.ScenarioResult{{Name: "a", Status: "failed", Message: msg}}})
	got := err.Error()
	prefix := `scenarios failed: 1 of 1: "a" `
	require.True(t, strings.HasPrefix(got, prefix), got)
	assert.True(t, strings.HasSuffix(got, "é…"), got)
	assert.Equal(t, maxFailureMessage, utf8.RuneCountInString(strings.TrimPrefix(got, prefix)), "the status and message clipped to the bound, marker included")
}

func TestScenariosFailedNamesAnErrorOutsideTheScenarios(t *testing.T) {
	err := scenariosFailed(report.Summary{Error: "teardown: volume in use", Scenarios: []report.ScenarioResult{{Name: "a", Status: "passed"}}})
	require.ErrorIs(t, err, ErrScenariosFailed)
	assert.Equal(t, "scenarios failed: 0 of 1: teardown: volume in use", err.Error())
}

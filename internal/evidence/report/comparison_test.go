package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixtureComparison is a drill's learner beside its reference run.
func fixtureComparison() Comparison {
	return Comparison{Scenario: scPass, Title: "Your run beside the reference run of the solution", Origin: "the incident's start",
		Notes: []string{"Reference: the solution's self-test on Salt sim 3006.9, 2026-12-06: every task met 10.0s after the incident's start."},
		Lanes: []ComparisonLane{
			{Label: "you: commands", Marks: []Mark{{At: 5 * time.Second, Outcome: OutcomeFail, Title: "salt-master-1: ps -eo pid,stat,comm"}, {At: 40 * time.Second, Outcome: OutcomeOK, Title: "saltlab drill boot salt-master-1"}}},
			{Label: "you: tasks met", Marks: []Mark{{At: 50 * time.Second, Outcome: OutcomeOK, Title: "salt-master-1 reaches every minion"}}},
			{Label: "reference: the solution", Marks: []Mark{{At: time.Second, Until: 2 * time.Second, Outcome: OutcomeOK, Title: "boot salt-master-1"}}},
			{Label: "reference: tasks met", Marks: []Mark{{At: 10 * time.Second, Outcome: OutcomeOK, Title: "salt-master-1 reaches every minion"}}},
		}}
}

func writeComparison(t *testing.T, dir string, c Comparison) {
	t.Helper()
	b, err := json.Marshal(c)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, ComparisonFile), b, 0o644))
}

// TestComparisonIsDrawnUnderItsScenario: a run folder's comparison.json
// is drawn in its scenario's section, on one axis from its origin, with
// its notes and each lane's marks in words; a rerender draws it again
// (it is a file of the run folder), and another scenario shows none.
func TestComparisonIsDrawnUnderItsScenario(t *testing.T) {
	dir, sum := writeFixtureRun(t, true)
	writeComparison(t, dir, fixtureComparison())
	_, _, err := WriteAll(dir, sum)
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join(dir, HTMLFile))
	require.NoError(t, err)
	page := string(b)
	require.Equal(t, 1, strings.Count(page, `class="comparison"`), "under its own scenario only")
	for _, want := range []string{
		`<h3>Your run beside the reference run of the solution</h3>`,
		"Reference: the solution&#39;s self-test on Salt sim 3006.9, 2026-12-06",
		"Time since the incident&#39;s start",
		`aria-label="timeline: Your run beside the reference run of the solution"`,
		"you: commands: 2 mark(s)", "&#43;40.0s saltlab drill boot salt-master-1 (ok)",
		"reference: the solution: 1 mark(s)", "&#43;1.0s boot salt-master-1 (ok)",
	} {
		assert.True(t, strings.Contains(page, want), "report.html shows %q", want)
	}
	section := page[strings.Index(page, `id="s1"`):]
	assert.Less(t, strings.Index(section, `class="comparison"`), strings.Index(section, "<h3>Checkers</h3>"), "below the scenario's timeline, above its checkers")

	again, _, err := Rerender(dir)
	require.NoError(t, err)
	_ = again
	b2, err := os.ReadFile(filepath.Join(dir, HTMLFile))
	require.NoError(t, err)
	assert.Equal(t, page, string(b2), "a rerender draws it again, byte for byte")

	require.NoError(t, os.WriteFile(filepath.Join(dir, ComparisonFile), []byte("{broken"), 0o644))
	_, _, err = WriteAll(dir, sum)
	assert.ErrorContains(t, err, ComparisonFile, "a broken file is named, not skipped")
}

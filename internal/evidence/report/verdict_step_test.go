package report

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/evidence/checker"
)

// Step reads back exactly the step explain wrote, whatever follows it.
func TestVerdictStepInvertsExplain(t *testing.T) {
	for _, tc := range []struct {
		name     string
		step     string
		expected string
		observed string
	}{
		{"all parts", "every minion is served", "served within 16s", "all within 16s"},
		{"step only", "a master is stopped", "", ""},
		{"observed only", "a; b", "", "nothing"},
		{"no step", "", "x", "y"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var j checker.Judged
			j.Step = tc.step
			j.Result.Expected, j.Result.Observed = tc.expected, tc.observed
			assert.Equal(t, tc.step, Verdict{Explanation: explain(j)}.Step())
		})
	}
}

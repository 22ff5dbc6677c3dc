package runner

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/report"
)

func TestUnknownsFailTheRun(t *testing.T) {
	sum := func(vs ...checker.Verdict) report.Summary {
		sc := report.ScenarioResult{Name: "stop master-1", Status: report.StatusPassed}
		for _, v := range vs {
			sc.Verdicts = append(sc.Verdicts, report.Verdict{Checker: "failover-time", Verdict: v})
		}
		return report.Summary{Passed: true, Scenarios: []report.ScenarioResult{sc}}
	}
	tests := []struct {
		name    string
		sum     report.Summary
		allow   bool
		wantErr string
	}{
		{"all valid", sum(checker.Valid), false, ""},
		{"unknown fails", sum(checker.Valid, checker.Unknown), false, `1 check(s) said unknown (failover-time in "stop master-1"); pass --allow-unknown`},
		{"unknown allowed", sum(checker.Unknown), true, ""},
		{"no verdicts", sum(), false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := unknownsFail(tc.sum, tc.allow)
			if tc.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrScenariosFailed)
			assert.Contains(t, err.Error(), tc.wantErr)
		})
	}
}

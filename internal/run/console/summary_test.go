package console

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/report"
)

func TestJudged(t *testing.T) {
	valid := report.Verdict{Checker: "availability", Verdict: checker.Valid}
	unknown := report.Verdict{Checker: "start-event", Verdict: checker.Unknown, Explanation: "no stream"}
	invalid := report.Verdict{Checker: "failover-time", Verdict: checker.Invalid, Explanation: "never served"}
	diagnosed := invalid
	diagnosed.Cause, diagnosed.Fix = "salt-minion-1 lists one master", "list both"
	for _, tc := range []struct {
		name                    string
		sc                      report.ScenarioResult
		label, cause, fixPrefix string
	}{
		{"passed, every check valid", report.ScenarioResult{Status: report.StatusPassed, Verdicts: []report.Verdict{valid}}, "", "", ""},
		{"passed with an unknown accepted", report.ScenarioResult{Status: report.StatusPassed, Verdicts: []report.Verdict{valid, unknown}},
			"UNKNOWN", "start-event said unknown: no stream", "the check had too little"},
		{"failed by an unknown", report.ScenarioResult{Status: report.StatusFailed, Message: "Step Then x: start-event: unknown: no stream\nexpected y", Verdicts: []report.Verdict{unknown}},
			"UNKNOWN", "start-event said unknown: no stream", "the check had too little"},
		{"failed by a step, an unknown beside it", report.ScenarioResult{Status: report.StatusFailed, Message: "Step When I stop x: no service x\nmore", Verdicts: []report.Verdict{unknown}},
			"FAILED", "Step When I stop x: no service x", "none diagnosed"},
		{"failed, diagnosed", report.ScenarioResult{Status: report.StatusFailed, Message: "Step Then x: failover-time: invalid", Verdicts: []report.Verdict{diagnosed}},
			"FAILED", "failover-time: salt-minion-1 lists one master", "list both"},
		{"steps passed, a check invalid", report.ScenarioResult{Status: report.StatusPassed, Verdicts: []report.Verdict{invalid}},
			"FAILED", "failover-time said invalid: never served", "none diagnosed"},
		{"skipped", report.ScenarioResult{Status: report.StatusSkipped, SkipReason: "host lacks nat-redirect"},
			"SKIPPED", "host lacks nat-redirect", "none diagnosed"},
		{"interrupted", report.ScenarioResult{Status: report.StatusInterrupted, Message: "interrupted: --timeout 1m reached; the scenario did not finish"},
			"INTERRUPTED", "interrupted: --timeout 1m reached; the scenario did not finish", "none diagnosed"},
	} {
		label, cause, fix := judged(tc.sc)
		assert.Equal(t, tc.label, label, tc.name)
		assert.Equal(t, tc.cause, cause, tc.name)
		assert.Regexp(t, "^"+tc.fixPrefix, fix, tc.name)
	}
}

//go:build docker

package e2e

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/report"
)

// TestKnownBadSettingIsDiagnosed runs the general failover expectation on
// topologies with a known-bad setting: it must fail, and the failure
// (JUnit, summary.json, `saltlab check` from the files alone) must name
// the cause, the minions' `master` setting with its values, and a fix.
func TestKnownBadSettingIsDiagnosed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		topology string
		failure  []string // in the JUnit failure
		cause    string   // in summary.json's cause and saltlab check's output
	}{
		{"failover-dns", []string{"failover-time: invalid", "expected salt-master-2 to serve every minion's salt test.ping",
			"cause: setting master: salt-minion-1, salt-minion-2: master = [salt-master-1, salt-master-2], master_type = failover",
			"Docker DNS container name", "salt-master-1 (entry ", "fix: give each master a fixed address"},
			"salt-minion-1, salt-minion-2: master = [salt-master-1, salt-master-2]"},
		{"ai-infra-matrix", []string{"availability: invalid",
			"cause: setting master: salt-minion-1, salt-minion-2: master = [docker-host:4505, docker-host:4507] (2 entries on host docker-host share one master identity",
			"docker-host:4505 names port 4505, the publish port, where Salt takes the ret port", "fix: give each master its own address"},
			"salt-minion-1, salt-minion-2: master = [docker-host:4505, docker-host:4507]"},
	}
	bin := saltlabBinary(t)
	for _, tt := range tests {
		t.Run(tt.topology, func(t *testing.T) {
			reports := t.TempDir()
			id := runID(t, "diagnose")
			cmd := saltlab(t, bin, "run", "--salt", "sim", "--reports", reports, "--run-id", id,
				"--topology", tt.topology, "internal/e2e/testdata/diagnose")
			out, err := cmd.CombinedOutput()
			require.Error(t, err, string(out))
			assert.Equal(t, 1, cmd.ProcessState.ExitCode(), string(out))
			assertNothingLeft(t, id)
			runDir := filepath.Join(reports, id)

			junit, err := report.ReadJUnit(filepath.Join(runDir, report.JUnitFile))
			require.NoError(t, err)
			c := caseNamed(t, junit, "Stopping master-1 moves the minion daemons to master-2")
			require.NotNil(t, c.Failure, "the known-bad setting must fail the expectation")
			for _, want := range tt.failure {
				assert.Contains(t, c.Failure.Message+c.Failure.Body, want)
			}

			sum, err := report.ReadSummary(filepath.Join(runDir, report.SummaryFile))
			require.NoError(t, err)
			var cause string
			for _, sc := range sum.Scenarios {
				for _, v := range sc.Verdicts {
					if v.Verdict == checker.Invalid {
						cause = v.Cause
						assert.NotEmpty(t, v.CauseEvidence)
					}
				}
			}
			assert.Contains(t, cause, tt.cause)

			check, err := saltlab(t, bin, "check", runDir).CombinedOutput()
			require.Error(t, err, "the saved run is invalid")
			assert.Contains(t, string(check), "0 differ from the run's", "the diagnosis is reproduced from the files")
			assert.Contains(t, string(check), tt.cause)
		})
	}
}

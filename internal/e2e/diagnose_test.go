//go:build docker

package e2e

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
)

// TestKnownBadSettingIsDiagnosed runs the general failover expectation on
// topologies with a known-bad setting: it must fail, and the failure
// (JUnit, summary.json, `saltlab check` from the files alone) must name
// the cause, the minions' `master` setting with its values and the
// history entries that recorded them, and a fix. The failover topology,
// whose minions pin the same master names in /etc/hosts, fails the same
// expectation for no setting the rules know only when something else
// broke; it is TestDockerPinnedNamesAreNotBlamed's subject.
func TestKnownBadSettingIsDiagnosed(t *testing.T) {
	parallelLab(t)
	tests := []struct {
		topology string
		failure  []string // in the JUnit failure
		cause    string   // in summary.json's cause and saltlab check's output
	}{
		{"failover-dns", []string{"failover-time: invalid", "expected salt-master-2 to serve every minion's salt test.ping",
			"cause: setting master: salt-minion-1, salt-minion-2: master = [salt-master-1, salt-master-2] (entries ",
			"master_type = failover (entries ", "transport = zeromq (entries ", "/etc/hosts has no line for salt-master-1 (entries ",
			"Docker DNS container name", "salt-master-1 (entry ", "fix: give each master a fixed address"},
			"salt-minion-1, salt-minion-2: master = [salt-master-1, salt-master-2] (entries "},
		{"ai-infra-matrix", []string{"availability: invalid",
			"cause: setting master: salt-minion-1, salt-minion-2: master = [docker-host:4505, docker-host:4507] (entries ",
			"): 2 entries on host docker-host share one master identity",
			"docker-host:4505 names port 4505, the masters' publish_port and none's ret_port, where Salt takes the ret port",
			"masters salt-master-1, salt-master-2: publish_port = 4505 (entries ", "fix: give each master its own address"},
			"salt-minion-1, salt-minion-2: master = [docker-host:4505, docker-host:4507] (entries "},
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

// TestDockerPinnedNamesAreNotBlamed: on the failover topology, whose minions
// name the masters and pin those names in /etc/hosts (compose extra_hosts),
// a failover check that fails after a stop (here: the stopped master is
// asked to reach the minions) carries no cause. The DNS rule once blamed
// the names; the run now records each minion's /etc/hosts, and the rule
// needs it to show no pin.
func TestDockerPinnedNamesAreNotBlamed(t *testing.T) {
	parallelLab(t)
	bin := saltlabBinary(t)
	reports := t.TempDir()
	id := runID(t, "pinned")
	cmd := saltlab(t, bin, "run", "--salt", "sim", "--reports", reports, "--run-id", id, "internal/e2e/testdata/pinned")
	out, err := cmd.CombinedOutput()
	require.Error(t, err, string(out))
	assert.Equal(t, 1, cmd.ProcessState.ExitCode(), string(out))
	assertNothingLeft(t, id)

	sum, err := report.ReadSummary(filepath.Join(reports, id, report.SummaryFile))
	require.NoError(t, err)
	invalid := 0
	for _, sc := range sum.Scenarios {
		for _, v := range sc.Verdicts {
			if v.Verdict == checker.Invalid {
				invalid++
				assert.Empty(t, v.Cause, "%s: pinned names are no DNS trap", v.Checker)
			}
		}
	}
	assert.Positive(t, invalid, "the stopped master fails the expectation")
	h, err := history.Read(filepath.Join(reports, id, history.FileName))
	require.NoError(t, err)
	var pins int
	for _, o := range history.Ops(h) {
		if o.Invoke.F == history.HostsOp && o.Completion != nil && o.Completion.Type == history.OK {
			assert.Contains(t, string(o.Completion.Value), `"names":["salt-master-1"]`, "the minion's /etc/hosts was recorded")
			pins++
		}
	}
	assert.Equal(t, 2, pins, "both minions' /etc/hosts are in the history")
}

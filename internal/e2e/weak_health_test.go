//go:build docker

package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/report"
)

// weakHealthLab is the user-lab with a process grep as its masters'
// health check.
const weakHealthLab = "internal/e2e/testdata/weak-health-lab"

// TestWeakHealthCheckIsExposed: the ordinary general scenarios of a hot
// lab, run unchanged on a lab whose masters are "healthy" while a
// salt-master process exists. Freezing salt-master (SIGSTOP) leaves the
// process, so Docker keeps calling the master healthy while it answers
// nothing; honest-health fails that scenario, and only that one, naming
// the health check as recorded. Every other way master-1 goes away
// (killed, paused, partitioned) Docker reports, or the master still
// answers.
func TestWeakHealthCheckIsExposed(t *testing.T) {
	parallelLab(t)
	bin := saltlabBinary(t)
	reports := t.TempDir()
	id := runID(t, "weak-health")
	cmd := saltlab(t, bin, "run", "--salt", "sim", "--reports", reports, "--run-id", id,
		"--compose", filepath.Join(weakHealthLab, "compose.yaml"), "--topology", "weak-health-lab", "--tags", "@master-faults and @mode-hot")
	out, err := cmd.CombinedOutput()
	require.Error(t, err, string(out))
	assert.Equal(t, 1, cmd.ProcessState.ExitCode(), string(out))
	assertNothingLeft(t, id)
	runDir := filepath.Join(reports, id)

	junit, err := report.ReadJUnit(filepath.Join(runDir, "junit.xml"))
	require.NoError(t, err)
	n := 0
	for _, su := range junit.Suites {
		for _, c := range su.Cases {
			n++
			want := report.StatusPassed
			if strings.Contains(c.Name, "frozen") {
				want = report.StatusFailed
			}
			assert.Equal(t, want, c.Status, c.Name)
		}
	}
	assert.Equal(t, 5, n, "the five rows of hot_master_down")

	f, err := checker.Read(filepath.Join(runDir, checker.FileName))
	require.NoError(t, err)
	var invalid []checker.Judged
	for _, j := range f.Verdicts {
		if j.Name == checker.NameHonestHealth && j.Result.Verdict == checker.Invalid {
			invalid = append(invalid, j)
		}
	}
	require.Len(t, invalid, 1, "honest-health fails the frozen row only")
	assert.Contains(t, invalid[0].Scenario, "frozen")
	assert.Contains(t, invalid[0].Result.Observed, "primary: Docker called it healthy")
	assert.Contains(t, invalid[0].Result.Cause, "the Docker health check of primary (CMD bash -c test -s /etc/salt/pki/master/master.pub && pgrep -f salt-master")
	assert.NotEmpty(t, invalid[0].Result.CauseEvidence)

	out, err = saltlab(t, bin, "check", runDir).CombinedOutput()
	require.Error(t, err, "check says the saved run is invalid")
	assert.Contains(t, string(out), "invalid  honest-health")
}

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

// TestFleetInSwarms: `--minions 130` on the double is a lab of three
// swarm containers (44, 43 and 43 minions), which runs the @scale
// scenario and only it. Both fleet checks judge all 130 minion ids and
// report their spread; the run leaves nothing behind (no key cache without
// --keep-fleet-keys, and .ci/run's leak check holds it to that). A
// thousand minions take the same path: `make bench BENCH=BenchmarkFleet`,
// docs/benchmarks.md.
func TestFleetInSwarms(t *testing.T) {
	parallelLab(t)
	bin := saltlabBinary(t)
	reports := t.TempDir()
	id := runID(t, "fleet")
	out, err := saltlab(t, bin, "run", "--salt", "sim", "--minions", "130", "--reports", reports, "--run-id", id).CombinedOutput()
	require.NoError(t, err, string(out))
	assertNothingLeft(t, id)
	runDir := filepath.Join(reports, id)

	junit, err := report.ReadJUnit(filepath.Join(runDir, "junit.xml"))
	require.NoError(t, err)
	var names []string
	for _, su := range junit.Suites {
		for _, c := range su.Cases {
			names = append(names, c.Name)
			assert.Equal(t, report.StatusPassed, c.Status, c.Name)
		}
	}
	require.Len(t, names, 1, "a lab in swarms runs the @scale scenario only")
	assert.Contains(t, names[0], "Master-1 stops under a fleet")

	f, err := checker.Read(filepath.Join(runDir, checker.FileName))
	require.NoError(t, err)
	var fleet []checker.Judged
	for _, j := range f.Verdicts {
		if j.Name == checker.NameFleet {
			fleet = append(fleet, j)
		}
	}
	require.Len(t, fleet, 2, "the baseline and the failover")
	for _, j := range fleet {
		assert.Equal(t, checker.Valid, j.Result.Verdict, j.Result.Observed)
		require.NotNil(t, j.Result.Spread)
		assert.Equal(t, 130, j.Result.Spread.Of)
		assert.Equal(t, 130, j.Result.Spread.Measured)
		assert.Len(t, j.Result.Subjects, 130)
	}
	assert.Contains(t, fleet[1].Result.Observed, "salt-master-2 in")
	assert.Contains(t, fleet[1].Result.Subjects[0].Bound.Explain, "herd", "the fleet's bound has its herd term")
}

//go:build docker

package e2e

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/run/runner"
)

// realRunTimeout bounds one real-Salt suite: real daemons start and answer
// slower than the double (about 10 minutes for failover on 2 cores).
const realRunTimeout = 30 * time.Minute

// TestRealSaltAgreesWithTheDouble runs `make lab`'s default selection on
// real Salt (the default release line) and on the double, and holds them
// side by side with `saltlab compare`: every verdict must agree, or the
// difference must be explained in docs/sim-fidelity.md with the Salt source
// behind it. Real Salt needs a package index; without one it skips and
// says why (the image test beside the images says the same).
func TestRealSaltAgreesWithTheDouble(t *testing.T) {
	requireIndex(t)
	bin, simReports, sim := simFailoverRun(t)
	reports := t.TempDir()
	real := runID(t, "real")
	ctx, cancel := context.WithTimeout(context.Background(), realRunTimeout)
	defer cancel()
	// Not the @real-only scenarios (the CI gate): the double cannot run
	// them, so they have nothing to be compared with.
	cmd := exec.CommandContext(ctx, bin, "run", "--salt", "real", "--reports", reports, "--run-id", real, "--tags", "not @slow and not "+runner.RealOnlyTag)
	cmd.Dir = repoRoot
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "real run:\n%s", tail(string(out), 60))
	assertNothingLeft(t, real)
	junit, err := report.ReadJUnit(filepath.Join(reports, real, "junit.xml"))
	require.NoError(t, err)
	assertAllPassed(t, junit)
	c := caseNamed(t, junit, "Stopping master-1 moves salt-call and the minion daemons to master-2")
	assert.NotContains(t, c.SystemOut, "NOT from real Salt")
	assertCheckReproduces(t, bin, filepath.Join(reports, real))

	out, err = saltlab(t, bin, "compare", filepath.Join(simReports, sim), filepath.Join(reports, real)).CombinedOutput()
	t.Logf("saltlab compare:\n%s", out)
	require.NoError(t, err, "the double and real Salt disagree where docs/sim-fidelity.md explains nothing")
	assert.Contains(t, string(out), "0 unexplained")
}

// TestRealSaltRefusesAnUnknownOption: once the real image is resolved,
// a --set key its release does not read is refused against the list the
// image build wrote, exit 2, before any lab object exists, with the name
// it was meant to be.
func TestRealSaltRefusesAnUnknownOption(t *testing.T) {
	requireIndex(t)
	bin := saltlabBinary(t)
	id := runID(t, "realopt")
	ctx, cancel := context.WithTimeout(context.Background(), realRunTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "up", "--salt", "real", "--reports", t.TempDir(), "--run-id", id,
		"--set", "minion.master_alive_intreval=5")
	cmd.Dir = repoRoot
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, string(out))
	assert.Equal(t, 2, ee.ExitCode(), string(out))
	assert.Regexp(t, `check the run's Salt options against the list in saltlab/salt-real:\S+: 1 Salt option\(s\) that Salt \S+ does not read`, string(out))
	assert.Contains(t, string(out), `--set minion.master_alive_intreval: no minion option "master_alive_intreval"; did you mean "master_alive_interval"?`)
	assertNothingLeft(t, id)
}

// requireIndex skips, saying why, where the host's pip reaches no package
// index: real Salt cannot be built there.
func requireIndex(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pip, err := saltdist.FindPip(ctx, nil)
	if err == nil {
		_, err = pip.Releases(ctx)
	}
	if err != nil {
		t.Skipf("SKIPPED (not a pass): the host's pip reaches no package index (%v): real Salt cannot be built here", err)
	}
}

// tail is the last n lines of s, so a failed run's message fits a log.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

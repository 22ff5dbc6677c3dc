//go:build docker

package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/run/selection"
	"github.com/saltlab/saltlab/internal/testenv"
)

// realRunTimeout bounds one real-Salt suite: real daemons start and answer
// slower than the double (about 10 minutes for failover on 2 cores).
const realRunTimeout = 30 * time.Minute

// TestRealSaltAgreesWithTheDouble runs `make lab`'s default selection on
// real Salt (the default release line) and on the double, and holds them
// side by side with `saltlab compare`: every verdict must agree, or the
// difference must be explained in docs/sim-fidelity.md with the Salt source
// behind it. Real Salt needs a package index; without one it fails under
// CI and skips elsewhere, saying why (testenv.NeedRealSalt). The real run
// is queued in TestMain right after the double's shared run and runs
// alone, on every lab slot (parallelRealLab says why): beside a lab of the
// double its alive-check bounds were missed.
func TestRealSaltAgreesWithTheDouble(t *testing.T) {
	t.Parallel()
	requireIndex(t)
	r := realFailover()
	t.Logf("real run: held every lab slot %s", r.took.Round(time.Second))
	bin, simReports, sim := simFailoverRun(t)
	require.NoError(t, r.err, "real run:\n%s", tail(r.out, 60))
	real, reports := r.id, r.reports
	assertNothingLeft(t, real)
	junit, err := report.ReadJUnit(filepath.Join(reports, real, "junit.xml"))
	require.NoError(t, err)
	assertAllPassed(t, junit)
	c := caseNamed(t, junit, "Stopping master-1 moves salt-call and the minion daemons to master-2")
	assert.NotContains(t, c.SystemOut, "NOT from real Salt")
	assertCheckReproduces(t, bin, filepath.Join(reports, real))
	assertSaltLogsSaved(t, filepath.Join(reports, real), "")

	out, err := saltlab(t, bin, "compare", filepath.Join(simReports, sim), filepath.Join(reports, real)).CombinedOutput()
	t.Logf("saltlab compare:\n%s", out)
	require.NoError(t, err, "the double and real Salt disagree where docs/sim-fidelity.md explains nothing")
	assert.Contains(t, string(out), "0 unexplained")
}

// realRun is the outcome of realFailover: where its reports are, the run
// id, saltlab's output, and how it ended.
type realRun struct {
	reports, id, out string
	took             time.Duration // holding every lab slot
	err              error
}

// realFailover is the default selection on real Salt, run once per test
// binary; TestMain starts it early when the real test is selected. It
// runs alone (every lab slot): see parallelRealLab.
var realFailover = sync.OnceValue(func() (r realRun) {
	r.id = fmt.Sprintf("e2e-real-%d", time.Now().UnixNano()%1_000_000_000)
	leave, err := realGroup.Enter(context.Background()) // alone, as parallelRealLab says why
	if err != nil {
		r.err = err
		return r
	}
	defer leave()
	bin, err := realSaltlab()
	if err != nil {
		r.err = err
		return r
	}
	if r.reports, r.err = os.MkdirTemp("", "saltlab-e2e-real-"); r.err != nil {
		return r
	}
	realDir.Store(r.reports)
	started := time.Now()
	defer func() { r.took = time.Since(started) }()
	ctx, cancel := context.WithTimeout(context.Background(), realRunTimeout)
	defer cancel()
	// Not the @real-only scenarios (the CI gate): the double cannot run
	// them, so they have nothing to be compared with.
	cmd := saltlabCmd(ctx, bin, "run", "--salt", "real", "--reports", r.reports, "--run-id", r.id, "--tags", "not @slow and not "+selection.RealOnlyTag)
	out, err := cmd.CombinedOutput()
	r.out = string(out)
	if err != nil {
		r.err = fmt.Errorf("saltlab run --salt real: %w", err)
	}
	return r
})

// realSaltlab builds saltlab for realFailover and real Salt's image, on
// realFailover's turn in realGroup: a build is not what a lab should
// share the cores with, and another package's image test untags the
// image while it rebuilds it, on every slot too.
var realSaltlab = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "saltlab-e2e-realbin-")
	if err != nil {
		return "", err
	}
	binDir.Store(dir)
	bin, err := buildSaltlab(dir)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), realRunTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "images", "--salt", "real")
	cmd.Dir = repoRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("saltlab images --salt real: %w\n%s", err, tail(string(out), 60))
	}
	return bin, nil
})

// realDir and binDir are realFailover's folders once made, for TestMain
// to remove.
var realDir, binDir atomic.Value

// startRealFailover starts realFailover in the background when the real
// comparison is selected and a package index is reachable, so that it
// takes its turn on every lab slot first, when the Docker pass begins
// and the labs it waits for are the short first tests of the other
// packages; the other real tests join its turn (realGroup).
func startRealFailover() {
	if !selected("TestRealSaltAgreesWithTheDouble") || indexReachable() != nil {
		return
	}
	// Every slot now, before the double's run asks for two: held until
	// the real run (and any real test that joined it) is done.
	unreserve, err := realGroup.Reserve(context.Background())
	if err != nil {
		return // the test says why when realFailover asks again
	}
	realStarted.Store(true)
	go func() {
		defer unreserve()
		realFailover()
	}()
}

// realStarted says startRealFailover started the real run.
var realStarted atomic.Bool

// awaitRealFailover waits for a started real run to end, whatever the
// tests did: the binary must not exit with its lab still up.
func awaitRealFailover() {
	if realStarted.Load() {
		realFailover()
	}
}

// TestRealSaltRefusesAnUnknownOption: once the real image is resolved,
// a --set key its release does not read is refused against the list the
// image build wrote, exit 2, before any lab object exists, with the name
// it was meant to be.
func TestRealSaltRefusesAnUnknownOption(t *testing.T) {
	t.Parallel()
	requireIndex(t)
	// It resolves real Salt's image, a build should it be missing.
	realGroup.Hold(t, "real image slot")
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

// requireIndex stops the test where the host's pip reaches no package
// index (real Salt cannot be built there): a failure under CI, a skip
// saying why elsewhere.
func requireIndex(t *testing.T) {
	t.Helper()
	if err := indexReachable(); err != nil {
		testenv.NeedRealSalt(t, fmt.Sprintf("the host's pip reaches no package index (%v), so real Salt cannot be built", err))
	}
}

// indexReachable asks the host's pip for Salt's releases, once.
var indexReachable = sync.OnceValue(func() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pip, err := saltdist.FindPip(ctx, nil)
	if err == nil {
		_, err = pip.Releases(ctx)
	}
	return err
})

// tail is the last n lines of s, so a failed run's message fits a log.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

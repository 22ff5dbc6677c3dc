//go:build docker

// Package e2e runs the saltlab binary the way a user does (`saltlab run` on
// the Salt double) against the real Docker engine, and checks the outcome:
// reports, failure messages and that nothing labelled with the run is left
// behind, including after Ctrl-C in the middle of a scenario.
package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/volume"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/run/console"
)

const (
	repoRoot   = "../.."
	runTimeout = 10 * time.Minute
)

// saltlabBinary builds cmd/saltlab once per test binary run.
func saltlabBinary(t testing.TB) string {
	t.Helper()
	bin, err := buildSaltlab(t.TempDir())
	require.NoError(t, err)
	return bin
}

// buildSaltlab builds cmd/saltlab into dir and returns the binary's path.
func buildSaltlab(dir string) (string, error) {
	bin := filepath.Join(dir, "saltlab")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/saltlab")
	cmd.Dir = repoRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build saltlab: %w\n%s", err, out)
	}
	return bin, nil
}

func runID(t testing.TB, kind string) string {
	return fmt.Sprintf("e2e-%s-%d", kind, time.Now().UnixNano()%1_000_000_000)
}

func saltlab(t testing.TB, bin string, args ...string) *exec.Cmd {
	return saltlabWithin(t, runTimeout, bin, args...)
}

// saltlabWithin is saltlab bounded by d instead of runTimeout: a real
// fleet's run brings 100 minions up in about 5 minutes before its
// scenario starts.
func saltlabWithin(t testing.TB, d time.Duration, bin string, args ...string) *exec.Cmd {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return saltlabCmd(ctx, bin, args...)
}

// saltlabCmd is the one place the e2e builds a saltlab command line. A
// `saltlab run` that names no --parallel runs one lab (--parallel 1): the
// package counts a lab per run in its slots (labSlots), and a run left
// to the default would take as many as the machine's cores. Only
// saltlabDefaultLabs, for the benchmark that times the default, leaves
// it out.
func saltlabCmd(ctx context.Context, bin string, args ...string) *exec.Cmd {
	return saltlabLabs("1")(ctx, bin, args...)
}

// saltlabLabs is saltlab whose `run` without --parallel runs on n labs.
func saltlabLabs(n string) func(ctx context.Context, bin string, args ...string) *exec.Cmd {
	return func(ctx context.Context, bin string, args ...string) *exec.Cmd {
		if len(args) > 0 && args[0] == "run" && !slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "--parallel") }) {
			args = append([]string{"run", "--parallel", n}, args[1:]...)
		}
		return saltlabDefaultLabs(ctx, bin, args...)
	}
}

// saltlabDefaultLabs is saltlab with args as given: a `saltlab run`
// without --parallel takes the machine's default number of labs.
func saltlabDefaultLabs(ctx context.Context, bin string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = repoRoot
	// At the bound saltlab gets Ctrl-C, which tears its lab down, and is
	// killed only if it has not exited a teardown's time later: a killed
	// run left a 100-minion lab running (2026-11-27).
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = saltlabTeardownGrace
	return cmd
}

// saltlabTeardownGrace is how long a saltlab interrupted at its bound
// has to tear its lab down (lab.Down's own bound is 2 minutes).
const saltlabTeardownGrace = 3 * time.Minute

// assertNothingLeft checks that no container, network or volume carries the
// run's label.
func assertNothingLeft(t *testing.T, id string) {
	t.Helper()
	ctx := context.Background()
	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	defer cli.Close()
	f := filters.NewArgs(filters.Arg("label", labels.Run+"="+id))
	cs, err := cli.ContainerList(ctx, container.ListOptions{All: true, Filters: f})
	require.NoError(t, err)
	ns, err := cli.NetworkList(ctx, network.ListOptions{Filters: f})
	require.NoError(t, err)
	vs, err := cli.VolumeList(ctx, volume.ListOptions{Filters: f})
	require.NoError(t, err)
	assert.Empty(t, cs, "containers of run %s", id)
	assert.Empty(t, ns, "networks of run %s", id)
	assert.Empty(t, vs.Volumes, "volumes of run %s", id)
}

func TestMakeLabScenarioPassesOnTheDouble(t *testing.T) {
	t.Parallel()
	bin, reports, id := simFailoverRun(t)

	assertCheckReproduces(t, bin, filepath.Join(reports, id))
	assertReportReproduces(t, bin, filepath.Join(reports, id))
	junit, err := report.ReadJUnit(filepath.Join(reports, id, "junit.xml"))
	require.NoError(t, err)
	assertAllPassed(t, junit)
	c := caseNamed(t, junit, "Stopping master-1 moves salt-call and the minion daemons to master-2")
	assert.Contains(t, c.SystemOut, "NOT from real Salt")
	// General features run here through the failover topology's roles.
	caseWithPrefix(t, junit, "Master-1 killed (docker kill)")
	caseWithPrefix(t, junit, "A key deleted on the first master")
	assert.Contains(t, c.SystemOut, "salt-call test.ping failover to salt-master-2 [salt-minion-1]")

	b, err := os.ReadFile(filepath.Join(reports, id, "summary.json"))
	require.NoError(t, err)
	var sum report.Summary
	require.NoError(t, json.Unmarshal(b, &sum))
	assert.True(t, sum.Passed)
	assert.Equal(t, "sim", sum.Run.Flavor.Name)
	assert.Contains(t, sum.Run.Flavor.Version, "saltlab sim")
	var stop *report.ScenarioResult
	for i := range sum.Scenarios {
		if sum.Scenarios[i].Name == c.Name {
			stop = &sum.Scenarios[i]
		}
	}
	require.NotNil(t, stop, "summary names the failover scenario")
	assert.Len(t, stop.Measurements, 6, "salt-call failover, daemon failover and start event for 2 minions")
	for _, m := range stop.Measurements {
		assert.True(t, m.Met, m.String())
		assert.Positive(t, m.Observed)
	}
	assert.FileExists(t, filepath.Join(reports, id, "report.html"))
	for lab := range simFailoverLabs { // a run of several labs keeps a fault ledger per lab
		assert.FileExists(t, filepath.Join(reports, id, fmt.Sprintf("faults-lab%d.jsonl", lab+1)))
	}
	assert.FileExists(t, filepath.Join(reports, id, "history.jsonl"))
	assertSaltLogsSaved(t, filepath.Join(reports, id), "lab1-", "lab2-")
}

// simFailover is `make lab`'s default selection on the double, run once
// per test binary on simFailoverLabs labs in parallel (as many slots of
// the lab pool; make lab's default on a 2-core machine is three, capacity.Paces):
// the make-lab, parallel-labs and key tests judge
// it, and the real-Salt test holds real Salt's run beside it.
var simFailover = sync.OnceValues(func() (sharedRun, error) {
	var r sharedRun
	var err error
	if r.reports, err = os.MkdirTemp("", "saltlab-e2e-sim-"); err != nil {
		return r, err
	}
	simDir.Store(r.reports)
	// The slots first, the build inside them: TestMain starts this right
	// after real Salt's run took its turn, so it is next in the queue.
	release, err := labPool.Take(context.Background(), simFailoverLabs)
	if err != nil {
		return r, err
	}
	defer release()
	bin, err := buildSaltlab(r.reports)
	if err != nil {
		return r, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	run := saltlabCmd(ctx, bin, "run", "--salt", "sim", "--parallel", strconv.Itoa(simFailoverLabs), "--reports", r.reports, "--run-id", simFailoverID, "--tags", "not @slow")
	out, err := run.CombinedOutput()
	if err != nil {
		return r, fmt.Errorf("saltlab run --salt sim: %w\n%s", err, out)
	}
	r.out = consoleOf(filepath.Join(r.reports, simFailoverID), out)
	return r, nil
})

// sharedRun is where a shared run's reports are and what saltlab printed.
type sharedRun struct{ reports, out string }

// simFailoverLabs is how many labs simFailover spreads its scenarios over.
const simFailoverLabs = 2

// simDir is simFailover's folder once it ran, for TestMain to remove.
var simDir atomic.Value

func TestMain(m *testing.M) {
	flag.Parse()
	// Real Salt's run first (startRealFailover says why), then the
	// double's, which the comparison also waits for.
	startRealFailover()
	startSimFailover()
	code := m.Run()
	awaitRealFailover()
	if simStarted.Load() {
		_, _ = simFailover()
	}
	// SALTLAB_E2E_KEEP keeps the shared runs' reports to read after a
	// failure (their paths are in the failing test's output).
	keep := os.Getenv("SALTLAB_E2E_KEEP") != ""
	for _, d := range []*atomic.Value{&simDir, &realDir, &binDir} {
		if dir, ok := d.Load().(string); ok && !keep {
			_ = os.RemoveAll(dir)
		}
	}
	os.Exit(code)
}

// startSimFailover starts simFailover in the background when a test that
// reads it is selected, so that it queues for its lab slots early: the
// real comparison and three other tests wait for it.
func startSimFailover() {
	if selected("TestMakeLabScenarioPassesOnTheDouble") || selected("TestRealSaltAgreesWithTheDouble") || selected("TestParallelLabsOnTheDouble") ||
		selected("TestKeysAndParityPassOnSoundLabs") {
		simStarted.Store(true)
		go simFailover() // the tests read its outcome
	}
}

// simStarted says startSimFailover started the double's run, which
// TestMain then waits for.
var simStarted atomic.Bool

// selected says whether go test's -run (and not -bench alone) selects the
// named top-level test.
func selected(test string) bool {
	if f := flag.Lookup("test.bench"); f != nil && f.Value.String() != "" {
		return false
	}
	f := flag.Lookup("test.run")
	if f == nil || f.Value.String() == "" {
		return true
	}
	re, err := regexp.Compile(f.Value.String())
	return err == nil && re.MatchString(test)
}

// simFailoverID names the shared double run (a fixed id: one per binary).
var simFailoverID = fmt.Sprintf("e2e-pass-%d", time.Now().UnixNano()%1_000_000_000)

// simFailoverRun returns saltlab's binary, the reports folder and the run
// id of simFailover, after checking that the run left nothing behind.
func simFailoverRun(t *testing.T) (bin, reports, id string) {
	t.Helper()
	r, err := simFailover()
	require.NoError(t, err)
	assertNothingLeft(t, simFailoverID)
	return filepath.Join(r.reports, "saltlab"), r.reports, simFailoverID
}

// sharedPasses is runPasses for the shared run on the double
// (simFailover): every scenario passed, the named ones among them; it
// returns what saltlab printed. A test that judges it holds no lab.
func sharedPasses(t *testing.T, scenarios ...string) string {
	t.Helper()
	_, reports, id := simFailoverRun(t)
	assertRunPassed(t, filepath.Join(reports, id), scenarios...)
	r, _ := simFailover()
	return r.out
}

func TestStoppingTheWrongMasterFailsWithExpectedAndObserved(t *testing.T) {
	parallelLab(t)
	bin := saltlabBinary(t)
	reports := t.TempDir()
	id := runID(t, "wrong")
	cmd := saltlab(t, bin, "run", "--salt", "sim", "--reports", reports, "--run-id", id, "steps/testdata/stop_wrong_master.feature")
	out, err := cmd.CombinedOutput()
	require.Error(t, err, string(out))
	assert.Equal(t, 1, cmd.ProcessState.ExitCode(), string(out))
	assertNothingLeft(t, id)

	junit, err := report.ReadJUnit(filepath.Join(reports, id, "junit.xml"))
	require.NoError(t, err)
	c := junit.Suites[0].Cases[0]
	assert.Equal(t, report.StatusFailed, c.Status)
	require.NotNil(t, c.Failure)
	assert.Contains(t, c.Failure.Message, "failover-time: invalid")
	assert.Contains(t, c.Failure.Message, "expected salt-master-2 to serve every minion's salt-call test.ping within its bound")
	assert.Contains(t, c.Failure.Message, "last: answered, but served by salt-master-1")
	out, err = saltlab(t, bin, "check", filepath.Join(reports, id)).CombinedOutput()
	require.Error(t, err, "check says the saved run is invalid")
	assert.Contains(t, string(out), "invalid  failover-time")
}

func TestCtrlCMidScenarioLeavesNothing(t *testing.T) {
	parallelLab(t)
	bin := saltlabBinary(t)
	id := runID(t, "sigint")
	// Interrupt right after the fault acted, in the middle of the scenario.
	seen, err := signalOnLine(t, saltlab(t, bin, "run", "--salt", "sim", "--reports", t.TempDir(), "--run-id", id),
		"salt-master-1 stopped at", syscall.SIGINT)
	require.Error(t, err, "an interrupted run must not exit 0")
	assert.Contains(t, seen, "interrupted")
	assertNothingLeft(t, id)
}

func TestDNSTrapTopologyStrandsDaemonsOnTheDouble(t *testing.T) {
	parallelLab(t)
	runDir, _ := runTopologyOnDouble(t, "failover-dns")
	junit, err := report.ReadJUnit(filepath.Join(runDir, "junit.xml"))
	require.NoError(t, err)
	require.Len(t, junit.Suites, 1, "only the @failover-dns feature runs on this topology")
	assert.Equal(t, "Stopping master-1 strands the minion daemons but not salt-call", junit.Suites[0].Cases[0].Name)
	assert.Equal(t, report.StatusPassed, junit.Suites[0].Cases[0].Status)
}

// signalOnLine starts cmd, sends sig once a line of its output contains
// marker, and returns every line and cmd's exit error. It fails the test
// when the marker never appears.
func signalOnLine(t *testing.T, cmd *exec.Cmd, marker string, sig os.Signal) (string, error) {
	t.Helper()
	pipe, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = cmd.Stdout
	require.NoError(t, cmd.Start())
	sc := bufio.NewScanner(pipe)
	var seen []string
	signalled := false
	for sc.Scan() {
		seen = append(seen, sc.Text())
		if !signalled && strings.Contains(sc.Text(), marker) {
			require.NoError(t, cmd.Process.Signal(sig))
			signalled = true
		}
	}
	err = cmd.Wait()
	out := strings.Join(seen, "\n")
	require.True(t, signalled, "never saw %q:\n%s", marker, out)
	return out, err
}

// consoleOf is what the run in runDir told its console, whole: the run
// folder's console.log (every line unwrapped, the plumbing -v shows
// included), after out, what the terminal showed (the story fitted to its
// width, and what saltlab printed after the run).
func consoleOf(runDir string, out []byte) string {
	log, err := os.ReadFile(filepath.Join(runDir, console.LogName))
	if err != nil {
		return fmt.Sprintf("%s\n(no %s: %v)", out, console.LogName, err)
	}
	return string(out) + "\n" + string(log)
}

// runTopologyOnDouble runs the scenarios written for a topology (tagged
// with its name; the general ones have tests of their own) on the Salt
// double, requires success and a clean engine, and returns the run
// directory and what the run told its console (consoleOf).
func runTopologyOnDouble(t *testing.T, topology string) (runDir, out string) {
	t.Helper()
	return runOnDouble(t, topology, "--topology", topology, "--tags", "@"+topology)
}

// runOnDouble is runTopologyOnDouble with the run's own flags and paths
// (args), its run id named after kind.
func runOnDouble(t *testing.T, kind string, args ...string) (runDir, out string) {
	t.Helper()
	bin := saltlabBinary(t)
	reports := t.TempDir()
	id := runID(t, kind)
	argv := append([]string{"run", "--salt", "sim", "--reports", reports, "--run-id", id}, args...)
	b, err := saltlab(t, bin, argv...).CombinedOutput()
	runDir = filepath.Join(reports, id)
	require.NoError(t, err, "%s\n%s", failedCases(runDir), b)
	assertNothingLeft(t, id)
	assertCheckReproduces(t, bin, runDir)
	return runDir, consoleOf(runDir, b)
}

// failedCases names each failed scenario of a run and its failure, read
// from the run's junit.xml, so that a failure message cut short (CI keeps
// the head of a long output) still says which scenario failed and why.
func failedCases(runDir string) string {
	junit, err := report.ReadJUnit(filepath.Join(runDir, "junit.xml"))
	if err != nil {
		return fmt.Sprintf("no junit.xml to name the failed scenarios: %v", err)
	}
	var b strings.Builder
	for _, su := range junit.Suites {
		for _, c := range su.Cases {
			if c.Failure != nil {
				fmt.Fprintf(&b, "FAILED SCENARIO %q: %s\n", c.Name, c.Failure.Message)
			}
		}
	}
	if b.Len() == 0 {
		return "junit.xml records no failed scenario"
	}
	return b.String()
}

// assertCheckReproduces runs `saltlab check` on a finished run: from its
// files alone (the lab is gone) it must give every verdict the run gave.
func assertCheckReproduces(t *testing.T, bin, runDir string) {
	t.Helper()
	out, err := saltlab(t, bin, "check", runDir).CombinedOutput()
	require.NoError(t, err, string(out))
	assert.Contains(t, string(out), " 0 invalid, 0 unknown, 0 differ from the run's")
	assert.NotContains(t, string(out), "\nunknown ")
}

// assertReportReproduces checks that the reports a run saved are final:
// `saltlab report` renders the same bytes from the saved files.
func assertReportReproduces(t *testing.T, bin, runDir string) {
	t.Helper()
	names := []string{report.JUnitFile, report.SummaryFile, report.HTMLFile}
	saved := map[string][]byte{}
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(runDir, n))
		require.NoError(t, err)
		saved[n] = b
	}
	out, err := saltlab(t, bin, "report", runDir).CombinedOutput()
	require.NoError(t, err, string(out))
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(runDir, n))
		require.NoError(t, err)
		assert.Equal(t, string(saved[n]), string(b), "%s as the run saved it and as `saltlab report` renders it", n)
	}
}

// topologyPasses runs the scenarios written for a topology (tagged with its
// name) on the double and requires all of them, the named ones included,
// to pass; it returns the run's output.
func topologyPasses(t *testing.T, topology string, scenarios ...string) string {
	t.Helper()
	return runPasses(t, topology, []string{"--topology", topology, "--tags", "@" + topology}, scenarios...)
}

// defaultSuitePasses runs what `make lab` runs on a topology (its own
// scenarios and every general one its roles allow, but @slow) on the double
// and requires all of them, the named ones included, to pass: the general
// features run unchanged on every topology that has their roles.
func defaultSuitePasses(t *testing.T, topology string, scenarios ...string) string {
	t.Helper()
	return runPasses(t, topology, []string{"--topology", topology, "--tags", "not @slow"}, scenarios...)
}

// runPasses is topologyPasses for a run with its own flags and paths.
func runPasses(t *testing.T, kind string, args []string, scenarios ...string) string {
	t.Helper()
	runDir, out := runOnDouble(t, kind, args...)
	assertRunPassed(t, runDir, scenarios...)
	return out
}

// assertRunPassed requires every scenario of the run in runDir to have
// passed, the named ones among them.
func assertRunPassed(t *testing.T, runDir string, scenarios ...string) {
	t.Helper()
	junit, err := report.ReadJUnit(filepath.Join(runDir, "junit.xml"))
	require.NoError(t, err)
	assertAllPassed(t, junit)
	for _, name := range scenarios {
		caseNamed(t, junit, name)
	}
}

// assertAllPassed requires every scenario of a run to have passed.
func assertAllPassed(t *testing.T, junit report.Suites) {
	t.Helper()
	n := 0
	for _, su := range junit.Suites {
		for _, c := range su.Cases {
			n++
			msg := ""
			if c.Failure != nil {
				msg = c.Failure.Message
			}
			assert.Equal(t, report.StatusPassed, c.Status, "%s: %s", c.Name, msg)
		}
	}
	assert.Positive(t, n, "the run has scenarios")
}

// caseWithPrefix fails the test unless a scenario's name starts with p.
func caseWithPrefix(t *testing.T, junit report.Suites, p string) {
	t.Helper()
	var names []string
	for _, su := range junit.Suites {
		for _, c := range su.Cases {
			if strings.HasPrefix(c.Name, p) {
				return
			}
			names = append(names, c.Name)
		}
	}
	t.Errorf("no scenario named %q...; the run has %q", p, names)
}

// caseNamed returns the scenario of that name, failing the test without it.
func caseNamed(t *testing.T, junit report.Suites, name string) report.Case {
	t.Helper()
	var names []string
	for _, su := range junit.Suites {
		for _, c := range su.Cases {
			if c.Name == name {
				return c
			}
			names = append(names, c.Name)
		}
	}
	require.Failf(t, "no such scenario", "want %q among %q", name, names)
	return report.Case{}
}

package report

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

func TestSummarizeFromGodog(t *testing.T) {
	_, sum := writeFixtureRun(t, false)
	require.Len(t, sum.Scenarios, 3)
	tests := []struct {
		name, status, step, skip string
		notRun                   []string
	}{
		{scPass, StatusPassed, "", "", nil},
		{scFail, StatusFailed, `every minion answers through "salt-master-2"`, "", []string{"the lab is healed"}},
		{scSkip, StatusSkipped, "", "a step skipped the scenario (godog.ErrSkip): the engine grants NET_ADMIN", []string{"the engine grants NET_ADMIN"}},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := sum.Scenarios[i]
			assert.Equal(t, tc.name, sc.Name)
			assert.Equal(t, tc.status, sc.Status, "godog's status attribute is not trusted")
			assert.Equal(t, tc.step, sc.Step)
			assert.Equal(t, tc.skip, sc.SkipReason)
			assert.Equal(t, tc.notRun, sc.StepsNotRun)
		})
	}
	assert.False(t, sum.Passed, "a failed scenario fails the run")
	assert.Equal(t, Counts{Total: 3, Passed: 1, Failed: 1, Skipped: 1}, sum.Counts)
}

func TestSummaryPassesOnlyWithScenariosAndNoInvalidVerdict(t *testing.T) {
	s := Suites{Suites: []Suite{{Name: "F", Cases: []Case{{Name: "a", Status: StatusPassed}}}}}
	assert.False(t, Summarize(testRun(), Suites{}, &Measurements{}, nil).Passed, "no scenario is not a pass")
	assert.True(t, Summarize(testRun(), s, &Measurements{}, nil).Passed)
	assert.False(t, Summarize(testRun(), s, &Measurements{}, assert.AnError).Passed)
	sum := Summarize(testRun(), s, &Measurements{}, nil)
	sum.finish(Evidence{Verdicts: []Verdict{{Scenario: "a", Checker: "c", Verdict: checker.Invalid}}})
	assert.False(t, sum.Passed, "an invalid verdict fails the run")
}

func TestInterruptedIsAnErrorNotAFailure(t *testing.T) {
	s := Suites{Suites: []Suite{{Name: "F", Cases: []Case{
		{Name: "cut", Status: StatusFailed, Failure: &Problem{Message: "Step x: exec salt-call: context deadline exceeded"}},
		{Name: "real", Status: StatusFailed, Failure: &Problem{Message: "Step y: expected master-2, observed master-1"}},
	}}}}
	sum := Summarize(testRun(), s, &Measurements{}, errors.New("--timeout 5s reached"))
	assert.Equal(t, StatusInterrupted, sum.Scenarios[0].Status)
	assert.Contains(t, sum.Scenarios[0].Message, "interrupted: --timeout 5s reached; the scenario did not finish (this is not a Salt result)")
	assert.Equal(t, StatusFailed, sum.Scenarios[1].Status, "a real failure stays a failure")
	j := BuildJUnit(sum, Evidence{}, "reports/r1")
	c := j.Suites[0].Cases[0]
	assert.Nil(t, c.Failure)
	require.Len(t, c.Errors, 1)
	assert.Equal(t, StatusInterrupted, c.Errors[0].Type)
	assert.Equal(t, 1, j.Failures)
	assert.Equal(t, 1, j.Errors)
}

func TestWriteAllGolden(t *testing.T) {
	dir, sum := writeFixtureRun(t, true)
	_, files, err := WriteAll(dir, sum)
	require.NoError(t, err)
	require.Len(t, files, 3)
	for _, name := range []string{JUnitFile, HTMLFile, SummaryFile} {
		golden(t, name, filepath.Join(dir, name))
	}
}

func TestRerenderGivesIdenticalFiles(t *testing.T) {
	for _, full := range []bool{true, false} {
		dir, sum := writeFixtureRun(t, full)
		_, _, err := WriteAll(dir, sum)
		require.NoError(t, err)
		before := readAll(t, dir)
		_, files, err := Rerender(dir)
		require.NoError(t, err)
		assert.Len(t, files, 3)
		assert.Equal(t, before, readAll(t, dir), "re-rendering a saved run changes nothing (full evidence: %v)", full)
	}
}

func TestWithoutHistoryTheReportSaysSo(t *testing.T) {
	dir, sum := writeFixtureRun(t, false)
	writeLedger(t, dir)
	_, _, err := WriteAll(dir, sum)
	require.NoError(t, err)
	html := readFile(t, filepath.Join(dir, HTMLFile))
	assert.Contains(t, html, "No history was recorded for this run")
	assert.Contains(t, html, "from the fault ledger and the measurements (no history recorded)")
	assert.Contains(t, html, "<svg", "the ledger and the measurements still draw a timeline")
	assert.Contains(t, html, "No checker verdict for this scenario")
	junit := readFile(t, filepath.Join(dir, JUnitFile))
	assert.Contains(t, junit, "timeline from the fault ledger and the measurements (no history was recorded)")
	assert.Contains(t, junit, "no timeline: no history was recorded and no fault was injected in this scenario")
}

// The reports draw the fault windows the checkers judged by: the
// history's, paired by history.FaultWindows. A ledger that says otherwise
// (here: a fault undone later than the history recorded, and a key action
// the history leaves out) does not change the timeline.
func TestFaultWindowsComeFromTheHistory(t *testing.T) {
	dir, _ := writeFixtureRun(t, true)
	lines := []string{
		fmt.Sprintf(`{"event":"inject","at":%q,"id":1,"kind":"stop","target":"salt-master-1","scenario":%q}`, at(2).Format(time.RFC3339Nano), scPass),
		fmt.Sprintf(`{"event":"undone","at":%q,"id":1,"kind":"stop","target":"salt-master-1","scenario":%q}`, at(20).Format(time.RFC3339Nano), scPass),
		fmt.Sprintf(`{"event":"inject","at":%q,"id":3,"kind":"key-action","target":"salt-master-1","scenario":%q}`, at(6).Format(time.RFC3339Nano), scPass),
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, LedgerFile), []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	ev, err := LoadEvidence(dir)
	require.NoError(t, err)
	var got []string
	for _, w := range ev.FaultsFor(scPass) {
		got = append(got, fmt.Sprintf("%s %s %v-%v", w.Kind, w.Target, w.Start.Sub(t0), w.End.Sub(t0)))
	}
	assert.Equal(t, []string{"stop salt-master-1 2s-12s"}, got)
	assert.True(t, ev.HasLedger, "the ledger is still evidence the reports link")
}

func TestBadEvidenceIsAnErrorNamingTheFile(t *testing.T) {
	tests := []struct{ file, content, want string }{
		{VerdictsFile, `{"not":"an array"}`, "parse verdicts"},
		{VerdictsFile, `{"history":"history.jsonl","verdicts":[{"check":"c","scenario":"a","result":{"verdict":"maybe"}}]}`, `verdict "maybe": want valid, invalid or unknown`},
		{"history.jsonl", "bad\n{}\n", "read history"},
		{LedgerFile, "bad\n{}\n", "read ledger"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			dir, sum := writeFixtureRun(t, false)
			require.NoError(t, os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.content), 0o644))
			_, _, err := WriteAll(dir, sum)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestReportsCarryRealSaltRouteAndVersionsReport(t *testing.T) {
	run := testRun()
	run.Flavor = Flavor{Name: "real", Version: "salt-call 3008.5 (Potassium)", Route: "wheelhouse",
		VersionsReport: "Salt Version:\n          Salt: 3008.5\n\nPython Version:\n        Python: 3.11.2"}
	sum := Summarize(run, Suites{Suites: []Suite{{Name: "F", Cases: []Case{{Name: "a", Status: StatusPassed}}}}}, &Measurements{}, nil)
	props := map[string]string{}
	for _, p := range BuildJUnit(sum, Evidence{}, "reports/r1").Suites[0].Properties {
		props[p.Name] = p.Value
	}
	assert.Equal(t, "wheelhouse", props["salt.route"])
	assert.Contains(t, props["salt.versions-report"], "Salt: 3008.5")
	assert.Equal(t, "unknown", props["docker.engine"], "an engine not asked is not guessed")
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, sum, Evidence{}))
	assert.Contains(t, b.String(), "salt --versions-report (first master)")
	assert.Contains(t, b.String(), "Python: 3.11.2")
	assert.Contains(t, b.String(), "Results from real Salt (salt-call 3008.5 (Potassium))")
}

func TestObservedText(t *testing.T) {
	tests := []struct {
		m    Measurement
		want string
	}{
		{Measurement{Observed: 1500 * time.Millisecond, Met: true}, "1.5s"},
		{Measurement{Met: false}, "never"},
		{Measurement{Absence: true, Met: true, Bound: 19 * time.Second}, "none within 19s"},
		{Measurement{Absence: true, Met: false, Observed: 3 * time.Second}, "3s"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, tc.m.ObservedText())
	}
}

func testRun() Run {
	return Run{ID: "r1", Topology: "failover", Project: "saltlab-failover-r1", Host: "h",
		Flavor:  Flavor{Name: "sim", Version: "salt-call 3006.9 (saltlab sim 0.1.0)"},
		Started: time.Date(2026, 11, 22, 2, 0, 0, 0, time.UTC), Duration: 3 * time.Second}
}

// golden compares the file at got with testdata/golden/name, or rewrites
// the golden file with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	want := filepath.Join("testdata", "golden", name)
	b := readFile(t, got)
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(want), 0o755))
		require.NoError(t, os.WriteFile(want, []byte(b), 0o644))
	}
	assert.Equal(t, readFile(t, want), b, "%s differs from %s (go test ./internal/evidence/report -update rewrites it)", got, want)
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

func readAll(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, n := range []string{JUnitFile, HTMLFile, SummaryFile} {
		out[n] = readFile(t, filepath.Join(dir, n))
	}
	return out
}

var _ = strings.Contains

// TestReportsNameEachScenariosLab: a run with several labs names each
// lab's project in the report, and each scenario's lab in its feature's
// JUnit properties, its JUnit output and the HTML; a run with one names
// none.
func TestReportsNameEachScenariosLab(t *testing.T) {
	run := testRun()
	run.Labs = []Lab{{Name: "lab1", Project: "saltlab-failover-r1-lab1"}, {Name: "lab2", Project: "saltlab-failover-r1-lab2", BringUp: 3 * time.Second}}
	sum := Summarize(run, Suites{Suites: []Suite{
		{Name: "F", Cases: []Case{{Name: "a", Status: StatusPassed}}},
		{Name: "G", Cases: []Case{{Name: "b", Status: StatusPassed}}},
	}}, &Measurements{}, nil)
	sum.Scenarios[0].Lab, sum.Scenarios[1].Lab = "lab1", "lab2"
	j := BuildJUnit(sum, Evidence{}, "reports/r1")
	require.Len(t, j.Suites, 2)
	for i, lab := range []string{"lab1", "lab2"} {
		props := map[string]string{}
		for _, p := range j.Suites[i].Properties {
			props[p.Name] = p.Value
		}
		assert.Equal(t, lab, props["saltlab.lab"])
		assert.Equal(t, "saltlab-failover-r1-"+lab, props["saltlab.lab.project"])
		assert.Contains(t, string(j.Suites[i].Cases[0].SystemOut), "lab: "+lab+" (project saltlab-failover-r1-"+lab+")")
	}
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, sum, Evidence{}))
	assert.Contains(t, b.String(), "2 labs in parallel: lab1 (compose project <code>saltlab-failover-r1-lab1</code>")
	assert.Contains(t, b.String(), "<small>on lab2</small>")

	one := Summarize(testRun(), Suites{Suites: []Suite{{Name: "F", Cases: []Case{{Name: "a", Status: StatusPassed}}}}}, &Measurements{}, nil)
	for _, p := range BuildJUnit(one, Evidence{}, "reports/r1").Suites[0].Properties {
		assert.NotEqual(t, "saltlab.lab", p.Name, "a run with one lab names none")
	}
}

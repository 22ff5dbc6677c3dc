package report

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const godogJUnit = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="saltlab" tests="3" skipped="0" failures="1" errors="1" time="1.5">
  <testsuite name="Failover" tests="3" skipped="0" failures="1" errors="1" time="1.5">
    <testcase name="fails over" status="passed" time="1.2"></testcase>
    <testcase name="wrong master" status="passed" time="0.2">
      <failure message="Step x: expected salt-master-2, observed salt-master-1"></failure>
    </testcase>
    <testcase name="undefined one" status="passed" time="0.1">
      <error message="Step y" type="skipped"></error>
      <error message="Step z" type="undefined"></error>
    </testcase>
    <testcase name="skipped one" status="skipped" time="0"></testcase>
  </testsuite>
</testsuites>`

func testRun() Run {
	return Run{ID: "r1", Topology: "failover", Project: "saltlab-failover-r1", Host: "h",
		Flavor:  Flavor{Name: "sim", Version: "salt-call 3006.9 (saltlab sim 0.1.0)"},
		Started: time.Date(2026, 11, 22, 2, 0, 0, 0, time.UTC), Duration: 3 * time.Second}
}

func TestEnrichAndWrite(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "godog.xml")
	require.NoError(t, os.WriteFile(src, []byte(godogJUnit), 0o644))
	s, err := ReadJUnit(src)
	require.NoError(t, err)

	ms := &Measurements{}
	ms.Add(Measurement{Scenario: "fails over", Name: "salt-call failover to salt-master-2", Subject: "salt-minion-1",
		Observed: 1234 * time.Millisecond, Bound: 16 * time.Second, BoundExplain: "arith", Met: true})
	run := testRun()
	s = Enrich(s, run, ms)

	require.Len(t, s.Suites, 1)
	su := s.Suites[0]
	assert.Equal(t, 1, su.Skipped)
	assert.Equal(t, 1, su.Failures)
	assert.Equal(t, 1, su.Errors)
	assert.Equal(t, 4, s.Tests)
	assert.Equal(t, StatusFailed, su.Cases[1].Status, "a failure child wins over godog's status attribute")
	assert.Equal(t, StatusUndefined, su.Cases[2].Status)
	assert.Equal(t, "saltlab.failover.Failover", su.Cases[0].Classname)
	assert.Contains(t, su.Cases[0].SystemOut, "1.234s, within bound 16s")
	assert.Contains(t, su.Cases[0].SystemOut, "NOT from real Salt")
	assert.Equal(t, "Step x: expected salt-master-2, observed salt-master-1", su.Cases[1].Failure.Body)
	assert.NotNil(t, su.Cases[3].Skipped)
	assert.Contains(t, s.Name, "sim flavour")

	sum := Summarize(run, s, ms, nil)
	assert.False(t, sum.Passed, "a failed scenario fails the run")
	out := filepath.Join(dir, "out")
	require.NoError(t, WriteFiles(out, s, sum))
	for _, f := range []string{"junit.xml", "summary.json", "report.html"} {
		assert.FileExists(t, filepath.Join(out, f))
	}
	back, err := ReadJUnit(filepath.Join(out, "junit.xml"))
	require.NoError(t, err)
	assert.Equal(t, "fails over", back.Suites[0].Cases[0].Name)
	props := map[string]string{}
	for _, p := range back.Suites[0].Properties {
		props[p.Name] = p.Value
	}
	assert.Equal(t, "sim", props["salt.flavor"])
	assert.Equal(t, "salt-call 3006.9 (saltlab sim 0.1.0)", props["salt.version"])
	assert.NotContains(t, props, "salt.versions-report", "no report asked, none claimed")
}

func TestReportsCarryRealSaltRouteAndVersionsReport(t *testing.T) {
	run := testRun()
	run.Flavor = Flavor{Name: "real", Version: "salt-call 3008.5 (Potassium)", Route: "wheelhouse",
		VersionsReport: "Salt Version:\n          Salt: 3008.5\n\nPython Version:\n        Python: 3.11.2"}
	s := Enrich(Suites{Suites: []Suite{{Name: "F", Cases: []Case{{Name: "a", Status: StatusPassed}}}}}, run, &Measurements{})
	props := map[string]string{}
	for _, p := range s.Suites[0].Properties {
		props[p.Name] = p.Value
	}
	assert.Equal(t, "wheelhouse", props["salt.route"])
	assert.Contains(t, props["salt.versions-report"], "Salt: 3008.5")
	var b bytes.Buffer
	require.NoError(t, WriteHTML(&b, Summarize(run, s, &Measurements{}, nil)))
	assert.Contains(t, b.String(), "salt --versions-report (first master)")
	assert.Contains(t, b.String(), "Python: 3.11.2")
	assert.Contains(t, b.String(), "Results from real Salt (salt-call 3008.5 (Potassium))")
}

func TestSummaryPassesOnlyWithScenarios(t *testing.T) {
	assert.False(t, Summarize(testRun(), Suites{}, &Measurements{}, nil).Passed, "no scenario is not a pass")
	s := Suites{Suites: []Suite{{Name: "F", Cases: []Case{{Name: "a", Status: StatusPassed}}}}}
	assert.True(t, Summarize(testRun(), s, &Measurements{}, nil).Passed)
	assert.False(t, Summarize(testRun(), s, &Measurements{}, assert.AnError).Passed)
}

func TestHTMLStatesFlavour(t *testing.T) {
	var b bytes.Buffer
	ms := &Measurements{}
	ms.Add(Measurement{Scenario: "a", Name: "n", Subject: "m", Bound: time.Second, Met: false})
	s := Suites{Suites: []Suite{{Name: "F", Cases: []Case{{Name: "a", Status: StatusFailed}}}}}
	require.NoError(t, WriteHTML(&b, Summarize(testRun(), s, ms, nil)))
	html := b.String()
	assert.Contains(t, html, "Salt flavour: sim")
	assert.Contains(t, html, "NOT from real Salt")
	assert.Contains(t, html, "never")
	assert.Contains(t, html, "FAILED")
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

func TestMarkInterrupted(t *testing.T) {
	s := Suites{Failures: 2, Suites: []Suite{{Failures: 2, Cases: []Case{
		{Name: "cut", Status: StatusFailed, Failure: &Problem{Message: "step x: exec salt-call: context deadline exceeded"}},
		{Name: "real", Status: StatusFailed, Failure: &Problem{Message: "expected master-2, observed master-1"}},
		{Name: "ok", Status: StatusPassed},
	}}}}
	got := MarkInterrupted(s, "--timeout 5s reached")
	c := got.Suites[0].Cases
	assert.Equal(t, StatusInterrupted, c[0].Status)
	assert.Nil(t, c[0].Failure)
	require.Len(t, c[0].Errors, 1)
	assert.Equal(t, "interrupted: --timeout 5s reached; the scenario did not finish (this is not a Salt result)", c[0].Errors[0].Message)
	assert.Equal(t, StatusFailed, c[1].Status, "a real failure stays a failure")
	assert.Equal(t, 1, got.Failures)
	assert.Equal(t, 1, got.Errors)
	assert.Equal(t, 1, got.Suites[0].Failures)
	sum := Summarize(Run{}, got, &Measurements{}, nil)
	assert.Equal(t, StatusInterrupted, sum.Scenarios[0].Status)
	assert.Contains(t, sum.Scenarios[0].Message, "interrupted: --timeout 5s reached")
}

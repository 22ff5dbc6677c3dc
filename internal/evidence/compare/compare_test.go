package compare

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/report"
)

// run builds a summary of one flavour from scenarios.
func run(flavour string, scs ...report.ScenarioResult) report.Summary {
	return report.Summary{Run: report.Run{ID: flavour + "-run", Topology: "failover", Flavor: report.Flavor{Name: flavour}}, Scenarios: scs}
}

// scenario builds a scenario; verdicts are "checker=verdict".
func scenario(name, status, secs string, ms []report.Measurement, verdicts ...[2]string) report.ScenarioResult {
	sc := report.ScenarioResult{Feature: "Failover", Name: name, Status: status, Time: secs, Measurements: ms}
	for _, v := range verdicts {
		sc.Verdicts = append(sc.Verdicts, report.Verdict{Scenario: name, Checker: v[0], Verdict: checker.Verdict(v[1])})
	}
	return sc
}

func took(subject string, d time.Duration) report.Measurement {
	return report.Measurement{Name: "failover", Subject: subject, Observed: d, Met: true}
}

var known = []Known{
	{Scenario: "stop", Check: "exactly-once", Real: "valid", Sim: "unknown", Source: "salt/client/__init__.py LocalClient.get_iter_returns"},
	{Scenario: "gone", Check: AnyCheck, Real: Absent, Sim: "passed", Source: "salt/minion.py Minion.eval_master"},
}

func TestCompare(t *testing.T) {
	stopSim := scenario("stop", "passed", "10", []report.Measurement{took("m1", 2*time.Second)}, [2]string{"exactly-once", "unknown"})
	stopReal := scenario("stop", "passed", "15", []report.Measurement{took("m1", 3*time.Second)}, [2]string{"exactly-once", "valid"})
	tests := []struct {
		name string
		a, b report.Summary
		want Counts
		// notes are the rows that differ, as "scenario/item: source" ("" unexplained).
		notes map[string]string
	}{
		{"identical runs", run("sim", stopSim), run("real", stopSim), Counts{Scenarios: 1, Checks: 1, Agree: 2}, map[string]string{}},
		{"explained verdict", run("sim", stopSim), run("real", stopReal), Counts{Scenarios: 1, Checks: 1, Agree: 1, Differ: 1, Explained: 1},
			map[string]string{"stop/exactly-once": known[0].Source}},
		{"flavours swapped", run("real", stopReal), run("sim", stopSim), Counts{Scenarios: 1, Checks: 1, Agree: 1, Differ: 1, Explained: 1},
			map[string]string{"stop/exactly-once": known[0].Source}},
		{"unexplained verdict", run("sim", stopReal), run("real", stopSim), Counts{Scenarios: 1, Checks: 1, Agree: 1, Differ: 1},
			map[string]string{"stop/exactly-once": ""}},
		{"same flavour", run("sim", stopSim), run("sim", stopReal), Counts{Scenarios: 1, Checks: 1, Agree: 1, Differ: 1},
			map[string]string{"stop/exactly-once": ""}},
		{"scenario only in one run", run("sim", stopSim, scenario("gone", "passed", "1", nil)), run("real", stopSim),
			Counts{Scenarios: 2, Checks: 1, Agree: 2, Differ: 1, Explained: 1}, map[string]string{"gone/": known[1].Source}},
		{"scenario only in B", run("sim"), run("real", scenario("new", "failed", "1", nil, [2]string{"refusal", "invalid"})),
			Counts{Scenarios: 1, Checks: 1, Differ: 2}, map[string]string{"new/": "", "new/refusal": ""}},
		{"status differs", run("sim", scenario("stop", "skipped", "0", nil)), run("real", scenario("stop", "failed", "3", nil)),
			Counts{Scenarios: 1, Differ: 1}, map[string]string{"stop/": ""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := Explain(Compare(tc.a, tc.b), known)
			assert.Equal(t, tc.want, res.Count())
			got := map[string]string{}
			for _, r := range res.Rows {
				if r.Differs() {
					got[r.Scenario+"/"+r.Item] = r.Source
				}
			}
			assert.Equal(t, tc.notes, got)
		})
	}
}

// Measurements are matched by name and subject and compared by ratio B/A;
// one without a time on either side has none, and none ever differs.
func TestCompareMeasurementRatios(t *testing.T) {
	a := run("sim", scenario("stop", "passed", "10", []report.Measurement{took("m1", 2*time.Second), took("m2", 0), took("m3", time.Second)}))
	b := run("real", scenario("stop", "passed", "25", []report.Measurement{took("m1", 3*time.Second), took("m2", time.Second), took("m4", time.Second)}))
	ratios := map[string]string{}
	for _, r := range Compare(a, b).Rows {
		if r.Kind == KindMeasurement || r.Kind == KindTime {
			assert.False(t, r.Differs())
			ratios[r.Item] = ratio(r)
		}
	}
	assert.Equal(t, map[string]string{"": "2.50", "failover [m1]": "1.50", "failover [m2]": "", "failover [m3]": "", "failover [m4]": ""}, ratios)
}

// A checker that judges one step twice is matched in order, and checks
// at different steps are told apart by their step.
func TestCompareRepeatedChecks(t *testing.T) {
	v := func(step string, verdict checker.Verdict) report.Verdict {
		return report.Verdict{Checker: "availability", Verdict: verdict, Explanation: "step: " + step + "; observed x"}
	}
	a := run("sim", report.ScenarioResult{Name: "s", Status: "passed", Verdicts: []report.Verdict{v("one", "valid"), v("one", "valid"), v("two", "valid")}})
	b := run("real", report.ScenarioResult{Name: "s", Status: "passed", Verdicts: []report.Verdict{v("two", "valid"), v("one", "valid"), v("one", "invalid")}})
	var got []string
	for _, r := range Compare(a, b).Rows {
		if r.Kind == KindCheck {
			got = append(got, label(r)+" "+r.A.Value+"/"+r.B.Value)
		}
	}
	require.Equal(t, []string{
		"check availability @ one valid/valid",
		"check availability @ one #2 valid/invalid",
		"check availability @ two valid/valid",
	}, got)
}

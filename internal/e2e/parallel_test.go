//go:build docker

package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
	"github.com/saltlab/saltlab/internal/scenario/features"
	"github.com/saltlab/saltlab/steps"
)

// failoverOnTheDouble is the failover topology's default selection on the
// double, as a serial run prints it: its own and the general scenarios its
// roles allow, not @slow, not the ones that need keys held by hand or
// genuine Salt, nor those that take swarm nodes away (a lab on compose has none).
const failoverOnTheDouble = "(@failover or (@general and not @needs-syndic and not @mode-hot)) and (not @slow) and (not @manual-keys) and (not @scale) and (not @real-only) and (not @swarm)"

// TestParallelLabsOnTheDouble judges the double's shared failover run
// (simFailover: the default selection with --parallel 2, as make lab runs
// it on this machine): one run, two labs, one JUnit with every scenario
// the selection holds, each scenario named with its lab in the JUnit (its
// feature's suite properties and its output), summary.json, the report
// and the history; `saltlab check` judges it again alike; nothing of
// either lab is left.
func TestParallelLabsOnTheDouble(t *testing.T) {
	t.Parallel()
	bin, reports, id := simFailoverRun(t)
	dir := filepath.Join(reports, id)

	want := selectedNames(t, failoverOnTheDouble)
	junit, err := report.ReadJUnit(filepath.Join(dir, report.JUnitFile))
	require.NoError(t, err)
	assertAllPassed(t, junit)
	var got []string
	for _, su := range junit.Suites {
		lab := property(su.Properties, "saltlab.lab")
		assert.Contains(t, []string{"lab1", "lab2"}, lab, "suite %q names its lab", su.Name)
		for _, c := range su.Cases {
			got = append(got, c.Name)
			assert.Contains(t, c.SystemOut, "lab: "+lab+" (project saltlab-failover-"+id+"-"+lab+")", "case %q", c.Name)
		}
	}
	assert.ElementsMatch(t, want, got, "one JUnit with every selected scenario, once")

	sum, err := report.ReadSummary(filepath.Join(dir, report.SummaryFile))
	require.NoError(t, err)
	require.Len(t, sum.Run.Labs, 2)
	assert.Equal(t, "saltlab-failover-"+id+"-lab1", sum.Run.Labs[0].Project)
	assert.Equal(t, "saltlab-failover-"+id+"-lab2", sum.Run.Labs[1].Project)
	labOf := map[string]string{}
	for _, sc := range sum.Scenarios {
		labOf[sc.Name] = sc.Lab
	}
	assert.ElementsMatch(t, []string{"lab1", "lab2"}, uniq(labOf), "both labs ran scenarios")

	h, err := history.Read(filepath.Join(dir, history.FileName))
	require.NoError(t, err)
	for _, e := range h {
		if e.Scenario != "" {
			require.Equal(t, labOf[e.Scenario], e.Lab, "history entry %d of scenario %q", e.Index, e.Scenario)
		}
	}
	html, err := os.ReadFile(filepath.Join(dir, report.HTMLFile))
	require.NoError(t, err)
	assert.Contains(t, string(html), "2 labs in parallel:")
	for _, lab := range []string{"lab1", "lab2"} {
		assert.FileExists(t, filepath.Join(dir, "logs", lab+"-salt-master-1.log"))
	}
	assertCheckReproduces(t, bin, dir)
}

// selectedNames is the names of the scenarios under features/ that expr
// selects, as the reports name them.
func selectedNames(t *testing.T, expr string) []string {
	t.Helper()
	sel, err := tagexpr.Parse(expr)
	require.NoError(t, err)
	all, err := features.Check([]string{filepath.Join(repoRoot, "features")}, steps.Phrases())
	require.NoError(t, err)
	var names []string
	for _, sc := range all {
		if sel.Match(sc.Tags) {
			names = append(names, sc.Row)
		}
	}
	require.NotEmpty(t, names)
	return names
}

func property(ps []report.Property, name string) string {
	for _, p := range ps {
		if p.Name == name {
			return p.Value
		}
	}
	return ""
}

func uniq(m map[string]string) []string {
	var out []string
	for _, v := range m {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

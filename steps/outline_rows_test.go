package steps

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/scenario/features"
	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

// outlineFixture is a feature of Scenario Outlines: rows named by their
// title's placeholders, by the example values it lacks, and not at all.
const outlineFixture = "../internal/scenario/features/testdata/outline.feature"

// outlineRows are the names of outlineFixture's rows, in file order.
var outlineRows = []struct{ row string }{
	{"the lab comes up (master=salt-master-1, mode=failover)"},
	{"the lab comes up (master=salt-master-2, mode=failover)"},
	{"the lab comes up (master=salt-master-1, mode=hot)"},
	{"the lab comes up for ops (why=audit)"},
	{"a plain scenario"},
}

// The history records each row under its own name, and the reports,
// renaming godog's JUnit cases with the rows Check gives, name the cases
// so: verdicts and timelines attach to the right row.
func TestHistoryAndReportNameOutlineRowsAlike(t *testing.T) {
	lab := scenariotest.NewLab()
	junit := filepath.Join(t.TempDir(), "godog-junit.xml")
	status, out, _, _ := runFeatureAs(t, outlineFixture, lab, "pretty,junit:"+junit)
	require.Equal(t, 0, status, out)
	h, err := history.Read(lab.Rec.Path())
	require.NoError(t, err)
	recorded := map[string]bool{}
	for _, e := range h {
		if e.Scenario != "" {
			recorded[e.Scenario] = true
		}
	}
	all, err := features.Check([]string{outlineFixture}, Phrases())
	require.NoError(t, err)
	var rows []report.Row
	for _, sc := range all {
		rows = append(rows, report.Row{File: sc.File, Feature: sc.Feature, Pickle: sc.Name, Name: sc.Row})
	}
	suites, err := report.ReadJUnit(junit)
	require.NoError(t, err)
	reported := map[string]bool{}
	for _, su := range report.NameRows(suites, rows).Suites {
		for _, c := range su.Cases {
			reported[c.Name] = true
		}
	}
	want := map[string]bool{}
	for _, r := range outlineRows {
		want[r.row] = true
	}
	assert.Equal(t, want, recorded, "the history")
	assert.Equal(t, want, reported, "the JUnit cases")
}

package steps

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
)

const outlineFixture = "testdata/outline.feature"

// outlineRows are the names of outline.feature's pickles, in file order:
// godog's and the row's.
var outlineRows = []struct{ godog, row string }{
	{"the lab comes up", "the lab comes up (master=salt-master-1, mode=failover)"},
	{"the lab comes up", "the lab comes up (master=salt-master-2, mode=failover)"},
	{"the lab comes up", "the lab comes up (master=salt-master-1, mode=hot)"},
	{"the lab comes up for ops", "the lab comes up for ops (why=audit)"},
	{"a plain scenario", "a plain scenario"},
}

func TestCheckNamesOutlineRowsWithTheirValues(t *testing.T) {
	all, err := Check([]string{outlineFixture})
	require.NoError(t, err)
	require.Len(t, all, len(outlineRows))
	for i, want := range outlineRows {
		assert.Equal(t, want.godog, all[i].Name)
		assert.Equal(t, want.row, all[i].Row)
		assert.Equal(t, "outline rows", all[i].Feature)
	}
}

// godog numbers the ids of all a run's files from one counter; rowNames
// must still find the row of a pickle whose ids are shifted so.
func TestRowNamesFindRowsWhateverTheIDOffset(t *testing.T) {
	other, err := os.ReadFile("testdata/salt_call_fails.feature")
	require.NoError(t, err)
	b, err := os.ReadFile(outlineFixture)
	require.NoError(t, err)
	for _, before := range []int{0, 1, 2} {
		ids := &messages.Incrementing{}
		for i := 0; i < before; i++ { // files godog parsed first
			doc, err := gherkin.ParseGherkinDocument(bytesReader(other), ids.NewId)
			require.NoError(t, err)
			gherkin.Pickles(*doc, "other", ids.NewId)
		}
		doc, err := gherkin.ParseGherkinDocument(bytesReader(b), ids.NewId)
		require.NoError(t, err)
		pickles := gherkin.Pickles(*doc, outlineFixture, ids.NewId)
		require.Len(t, pickles, len(outlineRows))
		r := &rowNames{}
		for i, p := range pickles {
			assert.Equal(t, outlineRows[i].row, r.name(p), "after %d file(s)", before)
		}
	}
	gone := &messages.Pickle{Name: "x", Uri: filepath.Join(t.TempDir(), "gone.feature"), AstNodeIds: []string{"1", "2"}}
	assert.Equal(t, "x", (&rowNames{}).name(gone), "an unreadable file keeps godog's name")
}

// The history records each row under its own name, and the reports,
// renaming godog's JUnit cases with the rows Check gives, name the cases
// so: verdicts and timelines attach to the right row.
func TestHistoryAndReportNameOutlineRowsAlike(t *testing.T) {
	lab := newFakeLab()
	junit := filepath.Join(t.TempDir(), "godog-junit.xml")
	status, out, _, _ := runFeatureAs(t, outlineFixture, lab, "pretty,junit:"+junit)
	require.Equal(t, 0, status, out)
	h, err := history.Read(lab.rec.Path())
	require.NoError(t, err)
	recorded := map[string]bool{}
	for _, e := range h {
		if e.Scenario != "" {
			recorded[e.Scenario] = true
		}
	}
	all, err := Check([]string{outlineFixture})
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

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }

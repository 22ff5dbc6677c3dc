package features

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	all, err := Check([]string{outlineFixture}, testPhrases())
	require.NoError(t, err)
	require.Len(t, all, len(outlineRows))
	for i, want := range outlineRows {
		assert.Equal(t, want.godog, all[i].Name)
		assert.Equal(t, want.row, all[i].Row)
		assert.Equal(t, "outline rows", all[i].Feature)
	}
}

// godog numbers the ids of all a run's files from one counter; RowNames
// must still find the row of a pickle whose ids are shifted so.
func TestRowNamesFindRowsWhateverTheIDOffset(t *testing.T) {
	other := []byte("Feature: another file\n  Scenario: first\n    Given the lab is healthy\n")
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
		r := &RowNames{}
		for i, p := range pickles {
			assert.Equal(t, outlineRows[i].row, r.Name(p), "after %d file(s)", before)
		}
	}
	gone := &messages.Pickle{Name: "x", Uri: filepath.Join(t.TempDir(), "gone.feature"), AstNodeIds: []string{"1", "2"}}
	assert.Equal(t, "x", (&RowNames{}).Name(gone), "an unreadable file keeps godog's name")
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }

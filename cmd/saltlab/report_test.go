package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/owned"
)

// TestReportCommand re-renders the golden run of internal/evidence/report from its
// saved files and refuses folders that are not runs.
func TestReportCommand(t *testing.T) {
	t.Setenv("DOCKER_HOST", noDocker)
	golden := filepath.Join("..", "..", "internal", "evidence", "report", "testdata", "golden")
	run := filepath.Join(t.TempDir(), "reports", "r1")
	_, err := owned.Claim(run, 0o755) // a run folder saltlab made
	require.NoError(t, err)
	sum, err := os.ReadFile(filepath.Join(golden, "summary.json"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(run, "summary.json"), sum, 0o644))
	notRun := t.TempDir()
	file := filepath.Join(notRun, "f")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	badSum := t.TempDir()
	_, err = owned.Claim(badSum, 0o755)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(badSum, "summary.json"), []byte(`{"schema_version":1}`), 0o644))
	// A run folder that lost its marker (an older saltlab's, or a copy):
	// its reports are not replaced, and it says how to let them be.
	unmarked := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(unmarked, "summary.json"), sum, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(unmarked, "report.html"), []byte("the user's own page"), 0o644))

	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"renders", []string{"report", run}, 0, "FAILED: 1 passed, 1 failed, 0 errors, 1 skipped [sim flavour"},
		{"no dir", []string{"report"}, 2, "name the run folder to render"},
		{"missing", []string{"report", filepath.Join(notRun, "nope")}, 2, "does not exist: name a run folder such as reports/<run id>"},
		{"a file", []string{"report", file}, 2, "is not a directory"},
		{"not a run", []string{"report", notRun}, 2, "has no summary.json: it is not a finished run's folder"},
		{"old summary", []string{"report", badSum}, 2, "schema_version 1, this saltlab reads 2"},
		{"not saltlab's", []string{"report", unmarked}, 2, unmarked + " carries no .saltlab-owned, so saltlab did not make it"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Main(tc.args, &out, &errOut)
			assert.Equal(t, tc.code, code, "stderr: %s", errOut.String())
			assert.Contains(t, out.String()+errOut.String(), tc.want)
		})
	}
	for _, f := range []string{"junit.xml", "report.html", "summary.json"} {
		assert.FileExists(t, filepath.Join(run, f))
	}
	// summary.json alone (no history, verdicts or ledger) re-renders
	// without them, saying so.
	html, err := os.ReadFile(filepath.Join(run, "report.html"))
	require.NoError(t, err)
	assert.Contains(t, string(html), "No history was recorded for this run")
	mine, err := os.ReadFile(filepath.Join(unmarked, "report.html"))
	require.NoError(t, err)
	assert.Equal(t, "the user's own page", string(mine), "a folder saltlab did not make keeps its files")
	assert.NoFileExists(t, filepath.Join(unmarked, "junit.xml"))
}

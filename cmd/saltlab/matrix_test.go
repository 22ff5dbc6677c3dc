package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/matrix"
)

// The matrix package's fixture run folders, their ledger and the document
// rendered from them.
const matrixData = "../../internal/evidence/matrix/testdata"

func fixtureRunDirs(t *testing.T) []string {
	t.Helper()
	runs, err := filepath.Glob(filepath.Join(matrixData, "runs", "*"))
	require.NoError(t, err)
	require.NotEmpty(t, runs)
	return runs
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// withLedgerHeader is the fixture document as rendered from a ledger the
// table links to as name.
func withLedgerHeader(t *testing.T, name string) string {
	golden := readText(t, filepath.Join(matrixData, "release-matrix.md"))
	const from = "from the runs listed below;"
	require.Contains(t, golden, from)
	return strings.Replace(golden, from, "from the runs recorded in its ledger, ["+name+"]("+name+") (the runs shown are listed below);", 1)
}

// matrix exits 0 whatever the runs' results, and 2 on bad input, naming
// the path and the fix, before anything is written.
func TestMatrixExitCodes(t *testing.T) {
	runs := fixtureRunDirs(t)
	golden := readText(t, filepath.Join(matrixData, "release-matrix.md"))
	empty := t.TempDir()
	badLedger := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(badLedger, []byte(`{"runs": [{"id": "a"}]}`), 0o644))
	missing := filepath.Join(t.TempDir(), "none.json")
	tests := []exitCase{
		{"fixture runs, failures included", runs, exitOK, golden, ""},
		{"no runs and no ledger", nil, exitUsage, "", "matrix: name the finished run folders to tabulate"},
		{"no summary", append([]string{empty}, runs...), exitUsage, "", "matrix: " + filepath.Join(empty, "summary.json") + ": read summary: stat " + filepath.Join(empty, "summary.json") + ": no such file or directory (name finished run folders only"},
		{"unknown flag", []string{"--bogus", runs[0]}, exitUsage, "", "usage: saltlab matrix"},
		{"a ledger that does not exist, nothing to add", []string{"--ledger", missing}, exitUsage, "", "matrix: ledger " + missing + " does not exist, and no run folder is named to start it"},
		{"an invalid ledger", append([]string{"--ledger", badLedger}, runs...), exitUsage, "", "matrix: ledger " + badLedger + `: run 1 ("a"): missing "bringup_s", "counts", "engine"`},
		{"an invalid ledger names the fix", []string{"--ledger", badLedger}, exitUsage, "", "(fix it by hand, or restore it: git checkout -- " + badLedger + "; nothing was written)"},
		{"a ledger that is a folder", []string{"--ledger", empty}, exitUsage, "", "matrix: read ledger " + empty + ": " + empty + " is a folder where a file is wanted, not a regular file: name a regular file (of at most 16 MiB)"},
		{"--out a .json file", []string{"--out", filepath.Join(empty, "m.json"), runs[0]}, exitUsage, "", "matrix: --out " + filepath.Join(empty, "m.json") + " is the ledger's file too"},
	}
	runExitCases(t, "matrix", tests)
}

// --out writes the document and, beside it, the ledger it is rendered
// from, saying what went into each; bad input leaves both as they were.
func TestMatrixOut(t *testing.T) {
	runs := fixtureRunDirs(t)
	dir := t.TempDir()
	file, ledger := filepath.Join(dir, "release-matrix.md"), filepath.Join(dir, "release-matrix.json")
	var out, errOut bytes.Buffer
	require.Equal(t, exitOK, Main(append([]string{"matrix", "--out", file}, runs...), &out, &errOut), errOut.String())
	assert.Contains(t, out.String(), "wrote "+ledger+": 7 run(s) recorded (7 added, 0 replaced)")
	assert.Contains(t, out.String(), "wrote "+file+": 4 release(s) x 3 topolog(ies) from 6 run(s) (7 given, 7 recorded")
	want := withLedgerHeader(t, "release-matrix.json")
	assert.Equal(t, want, readText(t, file))
	wantLedger := readText(t, filepath.Join(matrixData, "release-matrix.json"))
	assert.Equal(t, wantLedger, readText(t, ledger), "the ledger holds every run, the replaced one included")

	for _, args := range [][]string{{t.TempDir()}, {"--ledger", dir}} {
		out.Reset()
		require.Equal(t, exitUsage, Main(append([]string{"matrix", "--out", file}, args...), &out, &errOut))
		assert.Equal(t, want, readText(t, file), "a refused run leaves the document untouched")
		assert.Equal(t, wantLedger, readText(t, ledger), "and the ledger")
	}
}

// A new machine has no run folders: the ledger alone renders the same
// table, a new run adds its cell to the old ones, and the same run again
// replaces its record.
func TestMatrixAccumulatesInLedger(t *testing.T) {
	runs := fixtureRunDirs(t)
	dir := t.TempDir()
	file, ledger := filepath.Join(dir, "table.md"), filepath.Join(dir, "runs.json")
	wantLedger := readText(t, filepath.Join(matrixData, "release-matrix.json"))
	require.NoError(t, os.WriteFile(ledger, []byte(wantLedger), 0o644))
	var out, errOut bytes.Buffer

	require.Equal(t, exitOK, Main([]string{"matrix", "--ledger", ledger, "--out", file}, &out, &errOut), errOut.String())
	assert.Equal(t, withLedgerHeader(t, "runs.json"), readText(t, file), "the ledger alone renders the whole table")
	assert.NotContains(t, out.String(), "wrote "+ledger, "nothing to add: the ledger is not rewritten")

	// Start from one run, then add the others one by one: the table ends
	// up as if all had been tabulated at once.
	require.NoError(t, os.Remove(ledger))
	for _, r := range runs {
		out.Reset()
		require.Equal(t, exitOK, Main([]string{"matrix", "--ledger", ledger, "--out", file, r}, &out, &errOut), errOut.String())
		assert.Contains(t, out.String(), "(1 added, 0 replaced)")
	}
	assert.Equal(t, withLedgerHeader(t, "runs.json"), readText(t, file))
	assert.Equal(t, wantLedger, readText(t, ledger))

	out.Reset()
	require.Equal(t, exitOK, Main([]string{"matrix", "--ledger", ledger, "--out", file, runs[0]}, &out, &errOut), errOut.String())
	assert.Contains(t, out.String(), "7 run(s) recorded (0 added, 1 replaced)")
	assert.Equal(t, wantLedger, readText(t, ledger), "the same run again changes nothing")
}

// Without --out the table goes to stdout and what was recorded to stderr.
func TestMatrixLedgerToStdout(t *testing.T) {
	ledger := filepath.Join(t.TempDir(), "runs.json")
	var out, errOut bytes.Buffer
	require.Equal(t, exitOK, Main([]string{"matrix", "--ledger", ledger, fixtureRunDirs(t)[0]}, &out, &errOut), errOut.String())
	assert.True(t, strings.HasPrefix(out.String(), matrix.Title+"\n"), out.String())
	assert.Contains(t, out.String(), "from the runs recorded in its ledger, ["+filepath.ToSlash(ledger)+"]")
	assert.Contains(t, errOut.String(), "wrote "+ledger+": 1 run(s) recorded (1 added, 0 replaced)")
}

// docs/release-matrix.md is what its committed ledger renders, and the
// ledger is as `saltlab matrix` writes it: `make matrix` on a machine
// without the old run folders keeps every measured cell.
func TestDocsReleaseMatrixFromLedger(t *testing.T) {
	ledger, doc := filepath.Join("..", "..", "docs", "release-matrix.json"), filepath.Join("..", "..", "docs", "release-matrix.md")
	b, err := os.ReadFile(ledger)
	require.NoError(t, err)
	recs, err := matrix.ParseLedger(b)
	require.NoError(t, err)
	canonical, err := matrix.MarshalLedger(recs)
	require.NoError(t, err)
	assert.Equal(t, string(canonical), string(b), "docs/release-matrix.json is written as saltlab matrix writes it")

	// A copy beside the table, as docs/ holds them: the header links the
	// ledger relative to the table.
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "release-matrix.json"), b, 0o644))
	file := filepath.Join(dir, "release-matrix.md")
	var out, errOut bytes.Buffer
	require.Equal(t, exitOK, Main([]string{"matrix", "--out", file}, &out, &errOut), errOut.String())
	assert.Equal(t, readText(t, doc), readText(t, file), "render it again: saltlab matrix --out docs/release-matrix.md")
}

// The README's results table is what its ledger renders (`make matrix`
// writes both): rendered again from a copy of the ledger into a copy of
// the README, nothing changes.
func TestDocsReadmeReleaseMatrixFromLedger(t *testing.T) {
	root := filepath.Join("..", "..")
	dir := t.TempDir()
	ledger, readme := filepath.Join(dir, "release-matrix.json"), filepath.Join(dir, "README.md")
	require.NoError(t, os.WriteFile(ledger, []byte(readText(t, filepath.Join(root, "docs", "release-matrix.json"))), 0o644))
	want := readText(t, filepath.Join(root, "README.md"))
	require.NoError(t, os.WriteFile(readme, []byte(want), 0o644))
	var out, errOut bytes.Buffer
	require.Equal(t, exitOK, Main([]string{"matrix", "--ledger", ledger, "--readme", readme}, &out, &errOut), errOut.String())
	assert.Equal(t, want, readText(t, readme), "render it again: saltlab matrix --ledger docs/release-matrix.json --readme README.md (make matrix does)")
	block, ok := matrix.ReadmeBlock(want)
	require.True(t, ok, "README.md holds the release matrix block")
	assert.Contains(t, block, "| Salt release |", "the block is the table")
}

// --readme refuses, before writing anything, a README without the block
// and a path that is not a regular file.
func TestMatrixReadmeRefusals(t *testing.T) {
	dir := t.TempDir()
	ledger := filepath.Join(dir, "release-matrix.json")
	require.NoError(t, os.WriteFile(ledger, []byte(readText(t, filepath.Join("..", "..", "docs", "release-matrix.json"))), 0o644))
	noBlock := filepath.Join(dir, "plain.md")
	require.NoError(t, os.WriteFile(noBlock, []byte("# A README\n"), 0o644))
	for _, tc := range []struct{ name, readme, want string }{
		{"no block", noBlock, "find the release matrix block: want its begin and end lines once each, found 0 and 0"},
		{"a folder", dir, "not a regular file"},
		{"missing", filepath.Join(dir, "none.md"), "no such file or directory (name the README that holds the release matrix block)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			assert.Equal(t, exitUsage, Main([]string{"matrix", "--ledger", ledger, "--readme", tc.readme}, &out, &errOut))
			assert.Contains(t, errOut.String(), tc.want)
		})
	}
	assert.Equal(t, "# A README\n", readText(t, noBlock), "left as it was")
}

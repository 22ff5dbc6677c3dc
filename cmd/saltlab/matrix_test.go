package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The matrix package's fixture run folders and rendered document.
const matrixData = "../../internal/evidence/matrix/testdata"

// matrix exits 0 whatever the runs' results, and 2 on bad input, naming
// the path and the fix, before anything is written.
func TestMatrixExitCodes(t *testing.T) {
	runs, err := filepath.Glob(filepath.Join(matrixData, "runs", "*"))
	require.NoError(t, err)
	golden, err := os.ReadFile(filepath.Join(matrixData, "release-matrix.md"))
	require.NoError(t, err)
	empty := t.TempDir()
	tests := []exitCase{
		{"fixture runs, failures included", runs, exitOK, string(golden), ""},
		{"no runs", nil, exitUsage, "", "matrix: name the finished run folders to tabulate"},
		{"no summary", append([]string{empty}, runs...), exitUsage, "", "matrix: " + filepath.Join(empty, "summary.json") + ": read summary: open " + filepath.Join(empty, "summary.json") + ": no such file or directory (name finished run folders only"},
		{"unknown flag", []string{"--bogus", runs[0]}, exitUsage, "", "usage: saltlab matrix"},
	}
	runExitCases(t, "matrix", tests)
}

// --out writes the document and says what went into it; a bad folder
// leaves an existing file as it was.
func TestMatrixOut(t *testing.T) {
	runs, err := filepath.Glob(filepath.Join(matrixData, "runs", "*"))
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "release-matrix.md")
	var out, errOut bytes.Buffer
	require.Equal(t, exitOK, Main(append([]string{"matrix", "--out", file}, runs...), &out, &errOut), errOut.String())
	assert.Contains(t, out.String(), "wrote "+file+": 4 release(s) x 3 topolog(ies) from 6 run(s) (7 given")
	golden, err := os.ReadFile(filepath.Join(matrixData, "release-matrix.md"))
	require.NoError(t, err)
	got, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, string(golden), string(got))

	require.Equal(t, exitUsage, Main([]string{"matrix", "--out", file, t.TempDir()}, &out, &errOut))
	got, err = os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, string(golden), string(got), "a refused run leaves the document untouched")
}

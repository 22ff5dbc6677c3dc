package history

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/testenv"
)

// TestEvidenceImportsNoChaos keeps the evidence room (history, checkers,
// reports, ...) judging and rendering from recorded files only: it names
// fault kinds in the history's vocabulary (FaultKind) and reads the ledger
// through LedgerWindows, so no package of it imports the chaos room that
// injects faults (chaos imports the history to record, never the reverse).
func TestEvidenceImportsNoChaos(t *testing.T) {
	room := ".."
	checked := 0
	err := filepath.WalkDir(room, func(dir string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case !d.IsDir():
			return nil
		case d.Name() == "testdata":
			return fs.SkipDir
		case !hasPackage(dir):
			return nil
		}
		checked++
		for f, imports := range testenv.Imports(t, dir) {
			for _, p := range imports {
				if strings.Contains(p, "/internal/chaos") {
					t.Errorf("%s imports %s: name fault kinds with history.FaultKind, read the ledger with history.LedgerWindows", filepath.Join(dir, f), p)
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.GreaterOrEqual(t, checked, 4, "the walk found the evidence packages")
}

// hasPackage says whether dir holds a package's non-test Go files.
func hasPackage(dir string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			return true
		}
	}
	return false
}

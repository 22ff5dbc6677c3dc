package testenv

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxInternalImports is how many of saltlab's own packages one package
// may import: past it, a package does the work of several stages and is
// split along them (as internal/run/runner was).
const maxInternalImports = 15

// overImports are the packages known to import more, each at most as many
// as it does now, so none grows while it waits for its own split.
var overImports = map[string]int{}

// Every package imports at most maxInternalImports of saltlab's packages
// (its non-test files, default build tags), or, when overImports names it,
// no more than it does today; an entry of overImports that fell within
// the limit is dropped.
func TestPackagesImportFewInternalPackages(t *testing.T) {
	root := RepoRoot(t)
	counted := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, rerr := filepath.Rel(root, path)
		if rerr != nil {
			return rerr
		}
		rel = filepath.ToSlash(rel)
		if rel == "vendor" || d.Name() == "testdata" || (rel != "." && strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		p, ierr := build.Default.ImportDir(path, 0)
		if ierr != nil {
			return nil // no Go files for the default build (a folder of folders, docker-only tests)
		}
		n := 0
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, module) {
				n++
			}
		}
		counted++
		limit, over := overImports[rel]
		switch {
		case over:
			assert.LessOrEqual(t, n, limit, "%s imports %d of saltlab's packages, more than the %d it is held to: split it along its stages instead", rel, n, limit)
			assert.Greater(t, n, maxInternalImports, "%s imports %d of saltlab's packages now: drop it from overImports", rel, n)
		default:
			assert.LessOrEqual(t, n, maxInternalImports, "%s imports %d of saltlab's packages (at most %d): split it along the stages of its work", rel, n, maxInternalImports)
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, counted, 50, "the walk found the packages")
}

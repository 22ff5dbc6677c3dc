package testenv

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docs/testing.md says `make fuzz` runs every fuzzer: each Fuzz function
// of the tree is in the Makefile's FUZZERS list, and each entry there
// names one that exists.
func TestMakefileFuzzersListEveryFuzzer(t *testing.T) {
	root := RepoRoot(t)
	tree := fuzzersInTree(t, root)
	require.NotEmpty(t, tree)
	listed := makefileFuzzers(t, root)
	for _, f := range tree {
		assert.Contains(t, listed, f, "%s is not in the Makefile's FUZZERS, so `make fuzz` never runs it", f)
	}
	for _, f := range listed {
		assert.Contains(t, tree, f, "the Makefile's FUZZERS names %s, which no test file defines", f)
	}
}

// fuzzersInTree lists every Fuzz function of the checkout's test files as
// ./package/dir:FuzzName, the Makefile's form.
func fuzzersInTree(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "vendor" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		af, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		for _, name := range fuzzFuncs(af.Decls) {
			out = append(out, "./"+filepath.ToSlash(rel)+":"+name)
		}
		return nil
	})
	require.NoError(t, err)
	slices.Sort(out)
	return out
}

// makefileFuzzers is the Makefile's FUZZERS list, its continuation lines
// joined.
func makefileFuzzers(t *testing.T, root string) []string {
	t.Helper()
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^FUZZERS\s*:?=((?:.*\\\n)*.*)$`).FindStringSubmatch(string(mk))
	require.NotNil(t, m, "the Makefile has no FUZZERS list")
	return strings.Fields(strings.ReplaceAll(m[1], "\\\n", " "))
}

// fuzzFuncs are the names of the top-level Fuzz functions among decls.
func fuzzFuncs(decls []ast.Decl) []string {
	var out []string
	for _, d := range decls {
		fd, ok := d.(*ast.FuncDecl)
		if ok && fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Fuzz") && fd.Type.Params.NumFields() == 1 {
			out = append(out, fd.Name.Name)
		}
	}
	return out
}

package client

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// saltCommandWords are string literals that only a Salt command line (or
// its timeout wrapper's -k) needs.
var saltCommandWords = map[string]bool{"salt-call": true, "salt-key": true, "salt-run": true, "-k": true}

// readsNotBuilds are the files that spell a Salt tool to read what the
// history recorded, not to build a command line.
var readsNotBuilds = map[string]string{
	"internal/evidence/checker/dnsrule.go": "salt-call", // an operation's name (history F) says whether salt-call made it
}

// TestOneSaltCommandBuilder holds that this package is the one place Go
// code builds a Salt command line and its timeout wrapper: no other
// non-test Go file of the module spells a Salt tool's name or the
// wrapper's -k. The Salt double (internal/sim, cmd/saltsim) is exempt: it
// implements those tools.
func TestOneSaltCommandBuilder(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	skip := map[string]bool{"vendor": true, ".cache": true, ".git": true, "testdata": true,
		"internal/client": true, "internal/sim": true, "cmd/saltsim": true}
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if skip[rel] || skip[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		files++
		af, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(af, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && saltCommandWords[s] && readsNotBuilds[rel] != s {
				t.Errorf("%s spells %q: build Salt command lines with internal/client (Cmd, Bounded)", rel, s)
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, files, 100, "the walk found the module's Go files")
}

package testenv

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/saltlab/saltlab/"

// simImporterLine is one line of docs/architecture.md's list of the
// packages outside internal/sim that import it: "- `PKG` (tests) imports
// `A`, `B`: why".
var simImporterLine = regexp.MustCompile("(?m)^- `([^`]+)`( \\(tests\\))? imports ((?:`internal/sim[^`]*`(?:, )?)+)")

// docs/architecture.md lists every package outside the double that
// imports it; the list and the code's imports are the same, both ways, and
// no package but cmd/saltsim and tests is on it.
func TestArchitectureSimImporters(t *testing.T) {
	doc := DocPage(t, "docs/architecture.md")
	claimed := map[string]bool{}
	for _, m := range simImporterLine.FindAllStringSubmatch(doc, -1) {
		for _, imp := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(m[3], -1) {
			claimed[m[1]+m[2]+" imports "+imp[1]] = true
		}
	}
	require.NotEmpty(t, claimed, "docs/architecture.md lists no importers of internal/sim")
	actual := simImports(t, RepoRoot(t))
	require.NotEmpty(t, actual)
	for _, a := range sortedKeys(actual) {
		assert.True(t, claimed[a], "%s, which docs/architecture.md does not list: list it, or drop the import", a)
	}
	for _, c := range sortedKeys(claimed) {
		assert.True(t, actual[c], "docs/architecture.md says %s, which the code does not: drop the line", c)
	}
	// The double is sealed: besides tests, only its own command imports it.
	for _, a := range sortedKeys(actual) {
		pkg, _, _ := strings.Cut(a, " ")
		assert.True(t, pkg == "cmd/saltsim" || strings.HasSuffix(a[:strings.Index(a, " imports ")], " (tests)"),
			"%s: the double is sealed behind cmd/saltsim; take what the run needs of it from the sim flavour's contract (internal/images, SimOptions)", a)
	}
}

// simImports is every import of internal/sim from outside it, keyed as the
// doc's lines read: "PKG imports internal/sim/X", with " (tests)" after
// PKG for a test file or a test's testdata program.
func simImports(t *testing.T, root string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, rerr := filepath.Rel(root, path)
		if rerr != nil {
			return rerr
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "vendor" || rel == "internal/sim" || (rel != "." && strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") {
			return nil
		}
		f, perr := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if perr != nil {
			return perr
		}
		pkg := filepath.ToSlash(filepath.Dir(rel))
		if strings.HasSuffix(rel, "_test.go") || strings.Contains("/"+pkg+"/", "/testdata/") {
			pkg += " (tests)"
		}
		for _, imp := range f.Imports {
			p, uerr := strconv.Unquote(imp.Path.Value)
			if uerr != nil {
				return uerr
			}
			if local := strings.TrimPrefix(p, module); local != p && (local == "internal/sim" || strings.HasPrefix(local, "internal/sim/")) {
				out[pkg+" imports "+local] = true
			}
		}
		return nil
	})
	require.NoError(t, err)
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

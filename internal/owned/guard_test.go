package owned_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/saltlab/saltlab/internal/testenv"
)

// writes are the os functions that remove, replace or write on the host:
// only internal/owned calls them.
var writes = []string{"Remove", "RemoveAll", "Rename", "WriteFile", "Create", "OpenFile", "CreateTemp", "MkdirTemp", "Truncate", "Symlink", "Link"}

// reads are the functions that open a file to read it: only
// internal/userfile calls them, which checks the file first.
var reads = []string{"os.ReadFile", "os.Open", "ioutil.ReadFile", "zip.OpenReader"}

// readsAllowed are the reads of files no user hands saltlab: the
// kernel's own (/proc), whose files say size 0 and are read line by line.
var readsAllowed = map[string]string{
	"internal/lab/capacity/meminfo.go": "/proc/meminfo (the tests hand it a copy)",
	"internal/run/ops/doctor.go":       "/proc/meminfo",
	"internal/images/debootstrap.go":   "/proc/self/mountinfo",
}

// skipped are the trees that do not run on the user's host as saltlab:
// the Salt double (it runs inside the lab's containers), test helpers and
// test programs, and the two packages this rule is about.
var skipped = []string{"internal/sim/", "cmd/saltsim/", "internal/testenv/", "internal/chaos/chaostest/", "internal/images/saltdist/saltdisttest/", "internal/owned/", "internal/userfile/"}

// TestFilesystemGoesThroughOwnedAndUserfile: every removal, replacement
// and write saltlab does on the host goes through internal/owned (a
// folder is removed only when saltlab made it, a file replaced only when
// it is a regular file), and every read of a file goes through
// internal/userfile (a regular file of bounded size), so no new code path
// can empty a user's folder or read a fifo for ever.
func TestFilesystemGoesThroughOwnedAndUserfile(t *testing.T) {
	root := testenv.RepoRoot(t)
	seen := 0
	for _, top := range []string{"cmd", "internal", "steps", "haclient"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				if d.Name() == "testdata" || slices.ContainsFunc(skipped, func(s string) bool { return rel+"/" == s }) {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			seen++
			f, err := parser.ParseFile(token.NewFileSet(), p, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				pkg, ok := sel.X.(*ast.Ident)
				if !ok {
					return true
				}
				name := pkg.Name + "." + sel.Sel.Name
				if pkg.Name == "os" && slices.Contains(writes, sel.Sel.Name) {
					t.Errorf("%s calls %s: remove, replace and write through internal/owned (Claim, RemoveAll, Replace, WriteFile, Create, Append, TempDir)", rel, name)
				}
				if slices.Contains(reads, name) && readsAllowed[rel] == "" {
					t.Errorf("%s calls %s: read a file through internal/userfile (Open, ReadFile), which refuses a fifo, a device, a folder or a file too large", rel, name)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if seen < 200 {
		t.Fatalf("only %d Go files looked at: is the tree where the test thinks it is?", seen)
	}
}

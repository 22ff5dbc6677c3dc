package shell

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/testenv"
)

// scanSource scans one package's source, given as file texts.
func scanSource(t *testing.T, srcs ...string) []string {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for i, src := range srcs {
		f, err := parser.ParseFile(fset, "snippet"+string(rune('a'+i))+".go", src, parser.ParseComments)
		require.NoError(t, err)
		files = append(files, f)
	}
	return newScan(fset, files).run()
}

// allowed are the shells that run a value on purpose, each with why.
var allowed = map[string]string{
	// Salt's cmd.run hands its string to /bin/sh -c: the double does what
	// Salt does with a state's command, which the state's author wrote.
	"internal/sim/modules/cmd.go": "the Salt double's cmd.run, a shell by Salt's definition",
	// A compose healthcheck's CMD-SHELL is shell text by the Compose
	// Specification; the lab's own compose files wrote it.
	"internal/lab/startprobe.go": "a compose healthcheck's CMD-SHELL, shell text by the Compose Specification",
}

// TestNoValueInShellScript fails when any non-test Go file hands a shell
// a script built from %q or an unquoted value (issue 41, class 2).
func TestNoValueInShellScript(t *testing.T) {
	root := testenv.RepoRoot(t)
	pkgs := map[string][]string{}
	require.NoError(t, filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != root && (n == "vendor" || n == "testdata" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			pkgs[filepath.Dir(p)] = append(pkgs[filepath.Dir(p)], p)
		}
		return nil
	}))
	var probs []string
	scanned := 0
	for _, paths := range pkgs {
		fset := token.NewFileSet()
		byName := map[string][]*ast.File{}
		for _, p := range paths {
			f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
			require.NoError(t, err)
			byName[f.Name.Name] = append(byName[f.Name.Name], f)
		}
		for _, files := range byName {
			scanned++
			for _, pr := range newScan(fset, files).run() {
				rel, _ := filepath.Rel(root, pr[:strings.Index(pr, ":")])
				if allowed[rel] == "" {
					probs = append(probs, strings.TrimPrefix(pr, root+"/"))
				}
			}
		}
	}
	sort.Strings(probs)
	require.Greater(t, scanned, 50, "the scan found too few packages to mean anything")
	assert.Empty(t, probs, "values reach a shell script unquoted:\n%s", strings.Join(probs, "\n"))
}

// TestScanCatches holds real offending snippets (the tree's own, before
// issue 41) and their fixed forms: the scan must flag the first and pass
// the second.
func TestScanCatches(t *testing.T) {
	head := "package p\nimport (\"fmt\"; \"os/exec\"; \"strings\"; \"github.com/saltlab/saltlab/internal/shell\")\n" +
		"var _, _, _ = fmt.Sprint, strings.Join, shell.Quote\nvar _ = exec.Command\n" +
		"type E struct{}\nfunc (e *E) run(argv ...string) {}\nfunc (e *E) sh(ref, script string) { e.run(\"bash\", \"-ec\", script) }\n"
	for _, c := range []struct{ name, src, want string }{
		{"key-replace %q", `func f(e *E, dir string) { script := fmt.Sprintf("cd %q\nmkdir %q", dir, dir+"/b"); e.sh("x", script) }`, "%q of dir"},
		{"indexed %[1]q from the ledger", `func f(e *E, d map[string]string) { e.sh("x", fmt.Sprintf("[ -d %[1]q ] || exit 0", d["dir"])) }`, "%q of d"},
		{"disk-full %q in Sprintf", `func f(e *E, file string) { e.sh("x", fmt.Sprintf("fallocate -l %d %q", 1, file)) }`, "%q of file"},
		{"signal concat", `func f(e *E, pids []string, sig string) { e.sh("x", "for p in "+strings.Join(pids, " ")+"; do kill -s "+sig+" $p; done") }`, "parameter pids"},
		{"bandwidth rate", `type S struct{ Rate string }; func f(e *E, s S) { e.sh("x", "tc qdisc add dev eth0 root tbf rate "+s.Rate) }`, "s.Rate"},
		{"%s through a helper", `func rm(prefix string) string { return fmt.Sprintf("sed -n 's/^%[1]s//p'", prefix) }; func f(e *E, d map[string]string) { e.sh("x", rm(d["chain"])) }`, `d["chain"]`},
		{"exec sh -c", `func f(p string) { exec.Command("sh", "-c", "rm -rf "+p).Run() }`, "parameter p"},
		{"[]string bash -c", `func f(dir string) []string { return []string{"bash", "-c", fmt.Sprintf("cd %s", dir)} }`, "parameter dir"},
		{"builder", `func f(e *E, name string) { var b strings.Builder; b.WriteString("getent hosts "); b.WriteString(name); e.sh("x", b.String()) }`, "name"},
	} {
		t.Run(c.name, func(t *testing.T) {
			probs := scanSource(t, head+c.src+"\n")
			require.NotEmpty(t, probs, "the scan passed an offending script")
			assert.Contains(t, strings.Join(probs, "\n"), c.want)
		})
	}
	for _, c := range []struct{ name, src string }{
		{"positional arguments", "const script = `cd -- \"$1\"`\nfunc f(e *E, dir string) { e.run(\"bash\", \"-ec\", script, \"saltlab\", dir) }"},
		{"shell.Quote", `func f(e *E, dir string) { e.sh("x", fmt.Sprintf("cd %s && ls %d", shell.Quote(dir), 3)) }`},
		{"shell.Words", `func f(e *E, pids []string) { e.sh("x", "kill -CONT "+shell.Words(pids)) }`},
		{"range over a literal list", `func f(e *E) { for _, d := range []string{"dport", "sport"} { e.sh("x", "match "+d) } }`},
		{"a safe helper", `func q(p string) string { return "pkill -f -- " + shell.Quote(p) }; func f(e *E, tok string) { e.sh("x", q("[s]altlab "+tok)) }`},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Empty(t, scanSource(t, head+c.src+"\n"))
		})
	}
}

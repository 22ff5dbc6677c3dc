package testenv

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRoomsImportOnlyWhatTheyMay holds every import between saltlab's
// packages, test files' included, to docs/architecture.md: its rooms table
// says which room each package is in (every package in one, and no
// package named that is none), its "may import" table which rooms
// (or single packages of a room) each room may import, and which more its
// tests may. An import the table does not allow fails with the package, the
// import and the fix; a room the tables name that the code lacks, or a
// package no room holds, fails too, so the page and the code cannot drift.
// The allowed graph, and so the code's, has no loop.
func TestRoomsImportOnlyWhatTheyMay(t *testing.T) {
	doc := DocPage(t, "docs/architecture.md")
	rooms := roomsOf(t, doc)
	rules := importRules(t, doc, rooms)
	pkgs := goListImports(t, RepoRoot(t))

	used := map[string]bool{}
	for _, p := range pkgs {
		from, ok := rooms.of(p.path)
		if !assert.True(t, ok, "package %s is in no room of docs/architecture.md: add it to its room's packages in the rooms table", p.path) {
			continue
		}
		used[from] = true
		for _, imp := range p.imports {
			checkArrow(t, rooms, rules, p.path, from, imp, false)
		}
		for _, imp := range p.testImports {
			checkArrow(t, rooms, rules, p.path, from, imp, true)
		}
	}
	for _, r := range sortedKeys(rooms.names()) {
		assert.True(t, used[r], "docs/architecture.md has a room %s that holds no package: drop it or list its packages", r)
	}
	inCode := map[string]bool{}
	for _, p := range pkgs {
		inCode[strings.TrimPrefix(p.path, module)] = true
	}
	for _, pkg := range sortedKeys(rooms.exact) {
		assert.True(t, inCode[pkg] || rooms.tree[pkg] != "", "docs/architecture.md's rooms table names %s, which is no package: drop it", pkg)
	}

	loop := cycle(rules.graph(rooms))
	assert.Empty(t, loop, "the rooms docs/architecture.md lets import one another go round: %s; one of these arrows must go", strings.Join(loop, " -> "))
	folders := map[string]map[string]bool{}
	for _, p := range pkgs {
		for _, imp := range p.imports {
			if a, b := folderOf(p.path), folderOf(imp); a != b {
				if folders[a] == nil {
					folders[a] = map[string]bool{}
				}
				folders[a][b] = true
			}
		}
	}
	loop = cycle(folders)
	assert.Empty(t, loop, "the code's folders (internal/<room>, cmd, steps, haclient, compose) import one another round: %s", strings.Join(loop, " -> "))
}

// checkArrow fails the test when pkg, of room from, may not import imp.
func checkArrow(t *testing.T, rooms roomMap, rules roomRules, pkg, from, imp string, test bool) {
	t.Helper()
	to, ok := rooms.of(imp)
	if !ok || to == from || rules.allows(from, to, imp, test) {
		return
	}
	who, imp := strings.TrimPrefix(pkg, module), strings.TrimPrefix(imp, module)
	if test {
		who += " (tests)"
	}
	t.Errorf("%s imports %s: room %s may not import room %s (docs/architecture.md, \"Which room may import which\"). Fix: %s",
		who, imp, from, to, fixFor(who, from, to, imp))
}

// fixFor says how an arrow the table refuses is usually mended.
func fixFor(who, from, to, imp string) string {
	switch {
	case to == "sim":
		return "the double is sealed behind cmd/saltsim; take what a run needs of it from the sim flavour's contract in internal/images (SimOptions)"
	case imp == "internal/evidence/checker":
		return "a recorder takes the recorded value types and operation names from internal/evidence/history, never from the judge"
	case from == "evidence" && to == "chaos":
		return "name fault kinds with history.FaultKind and read the ledger with history.LedgerWindows; the evidence room judges recorded files only"
	case from == "steps" && to == "lab":
		return "a step acts on the lab through scenario.Lab; Docker work belongs to the lab room"
	}
	return fmt.Sprintf("move what %s uses of %s down into a room both may import (a leaf such as poll, or the pure Salt knowledge under internal/salt), "+
		"or declare a narrow interface in %s and let a room above both pass the value in; if the arrow is right, add %s (or just %s) to %s's row of the table",
		who, imp, who, to, imp, from)
}

// roomMap is the rooms table: the room of each listed package, and the
// folders whose every package is the room's ("(and its packages)").
type roomMap struct {
	exact, tree map[string]string
}

var (
	codeSpan = regexp.MustCompile("`([^`]+)`")
	note     = regexp.MustCompile(`\s*\([^)]*\)`)
)

func roomsOf(t *testing.T, doc string) roomMap {
	t.Helper()
	m := roomMap{exact: map[string]string{}, tree: map[string]string{}}
	rows := TableRows(doc, "room")
	require.NotEmpty(t, rows, "docs/architecture.md has no rooms table (| room | packages | what it holds |)")
	for _, row := range rows {
		require.GreaterOrEqual(t, len(row), 2, "rooms table row %v", row)
		room := row[0]
		for _, part := range strings.Split(row[1], ",") {
			sp := codeSpan.FindStringSubmatch(part)
			require.NotNil(t, sp, "rooms table, room %s: %q names no package", room, part)
			pkg := sp[1]
			if other, dup := m.exact[pkg]; dup && other != room {
				t.Fatalf("rooms table lists %s in two rooms, %s and %s", pkg, other, room)
			}
			m.exact[pkg] = room
			if strings.Contains(part, "and its packages") {
				m.tree[pkg] = room
			}
		}
	}
	return m
}

// of is the room of a module package path ("internal/lab/knobs" or the
// full import path); false for packages outside the module or unlisted.
func (m roomMap) of(pkg string) (string, bool) {
	p, ok := strings.CutPrefix(pkg, module)
	if !ok {
		return "", false
	}
	if r, ok := m.exact[p]; ok {
		return r, true
	}
	for dir, r := range m.tree {
		if strings.HasPrefix(p, dir+"/") {
			return r, true
		}
	}
	return "", false
}

func (m roomMap) names() map[string]bool {
	out := map[string]bool{}
	for _, r := range m.exact {
		out[r] = true
	}
	return out
}

// roomRules is the "may import" table: per room, the rooms (or packages)
// its packages may import, and those its tests may import besides.
type roomRules struct {
	code, tests map[string]map[string]bool
}

func importRules(t *testing.T, doc string, rooms roomMap) roomRules {
	t.Helper()
	r := roomRules{code: map[string]map[string]bool{}, tests: map[string]map[string]bool{}}
	rows := TableRows(doc, "from")
	require.NotEmpty(t, rows, "docs/architecture.md has no \"may import\" table (| from | may import | its tests also |)")
	known := rooms.names()
	parse := func(room, cell string) map[string]bool {
		out := map[string]bool{}
		if cell == "—" {
			return out
		}
		// An item is a room or a `package`, with an optional note in
		// parentheses: "testenv, `internal/run/saltlogs` (why)".
		for _, item := range strings.Split(note.ReplaceAllString(cell, ""), ",") {
			target := strings.Trim(strings.TrimSpace(item), "`")
			if strings.Contains(target, "/") {
				_, ok := rooms.of(module + target)
				require.True(t, ok, "\"may import\" table, room %s: %s is in no room", room, target)
			} else {
				require.True(t, known[target], "\"may import\" table, room %s: no room %q in the rooms table", room, target)
			}
			out[target] = true
		}
		return out
	}
	for _, row := range rows {
		require.Len(t, row, 3, "\"may import\" table row %v", row)
		room := row[0]
		require.True(t, known[room], "\"may import\" table names room %q, which the rooms table lacks", room)
		_, dup := r.code[room]
		require.False(t, dup, "\"may import\" table has two rows for %s", room)
		r.code[room], r.tests[room] = parse(room, row[1]), parse(room, row[2])
	}
	for room := range known {
		require.Contains(t, r.code, room, "\"may import\" table has no row for room %s: say what it may import (— for nothing)", room)
	}
	return r
}

// allows says whether room from may import package imp of room to.
func (r roomRules) allows(from, to, imp string, test bool) bool {
	local := strings.TrimPrefix(imp, module)
	if r.code[from][to] || r.code[from][local] {
		return true
	}
	return test && (r.tests[from][to] || r.tests[from][local])
}

// graph is the allowed room graph of non-test code (a package entry counts
// as its room).
func (r roomRules) graph(rooms roomMap) map[string]map[string]bool {
	g := map[string]map[string]bool{}
	for from, to := range r.code {
		g[from] = map[string]bool{}
		for target := range to {
			if room, ok := rooms.of(module + target); ok {
				target = room
			}
			g[from][target] = true
		}
	}
	return g
}

// cycle returns one loop of g ("a", "b", "a"), or nil.
func cycle(g map[string]map[string]bool) []string {
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var path []string
	var visit func(n string) []string
	visit = func(n string) []string {
		state[n] = open
		path = append(path, n)
		for _, next := range sortedKeys(g[n]) {
			switch state[next] {
			case open:
				return append(slices.Clone(path[slices.Index(path, next):]), next)
			case unseen:
				if loop := visit(next); loop != nil {
					return loop
				}
			}
		}
		path = path[:len(path)-1]
		state[n] = done
		return nil
	}
	for _, n := range sortedKeys(g) {
		if state[n] == unseen {
			if loop := visit(n); loop != nil {
				return loop
			}
		}
	}
	return nil
}

// folderOf is the folder a package's room is measured by: internal/<x>,
// or the top folder outside internal/ (cmd, steps, haclient, compose).
func folderOf(pkg string) string {
	p := strings.TrimPrefix(pkg, module)
	parts := strings.Split(p, "/")
	if parts[0] == "internal" && len(parts) > 1 {
		return "internal/" + parts[1]
	}
	return parts[0]
}

// listed is one package as go list reports it: its imports and its test
// files' (in-package and external) imports, module packages only.
type listed struct {
	path                 string
	imports, testImports []string
}

// goListImports lists every package of the module with every build tag
// the repository uses, so docker- and browser-only files are checked too.
func goListImports(t *testing.T, root string) []listed {
	t.Helper()
	cmd := exec.Command(GoTool(t), "list", "-tags", "docker,browser", "-f",
		"{{.ImportPath}}\t{{join .Imports \" \"}}\t{{join .TestImports \" \"}} {{join .XTestImports \" \"}}", "./...")
	cmd.Dir = root
	// The module is vendored; go list needs neither network nor another
	// toolchain.
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=vendor", "GOTOOLCHAIN=local", "GOPROXY=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "go list: %s", stderr.String())
	var pkgs []listed
	mine := func(s string) []string {
		var out []string
		for _, f := range strings.Fields(s) {
			if strings.HasPrefix(f, module) {
				out = append(out, f)
			}
		}
		return out
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		require.Len(t, f, 3, "go list line %q", line)
		pkgs = append(pkgs, listed{path: f[0], imports: mine(f[1]), testImports: mine(f[2])})
	}
	require.Greater(t, len(pkgs), 50, "go list found the module's packages")
	return pkgs
}

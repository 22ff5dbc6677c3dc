package steps

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wiringFiles are the files of steps/ that hold no phrase: the wiring of
// the phrases into godog, and why each is here.
var wiringFiles = map[string]string{
	"definitions.go": "the phrase table, its registration (Initializer), its patterns for the up-front check (Phrases) and the faults its phrases inject (NeedsChaosHelper)",
	"world.go":       "the scenario's world as the phrases share it, and the godog hooks that begin and end each scenario",
}

// exported is all that steps/ offers the run: the godog wiring, and what
// the run reads of the phrases before a lab starts (their patterns, and
// which inject a fault through the chaos helper image).
var exported = []string{"Initializer", "Phrases", "NeedsChaosHelper"}

// TestStepsHoldPhrasesOnly keeps steps/ the Gherkin room: every file but
// the wiring defines at least one function the phrase table registers
// (a *_steps.go file), and the package exports only its wiring. What the
// phrases share with the run (bounds, polls, waits, judging, resets,
// recording) belongs in internal/scenario; what a file of feature
// files means, in internal/scenario/features; role phrases, in
// internal/lab/roles.
func TestStepsHoldPhrasesOnly(t *testing.T) {
	registered := map[string]bool{}
	for _, d := range definitions() {
		name := runtime.FuncForPC(reflect.ValueOf(d.fn).Pointer()).Name()
		registered[name[strings.LastIndex(name, ".")+1:]] = true
	}
	require.NotEmpty(t, registered)

	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	var seenWiring []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		require.NoError(t, err)
		for _, d := range parsed.Decls {
			for _, name := range exportedNames(d) {
				assert.Contains(t, exported, name, "%s exports %s: steps/ offers the run only its godog wiring; put what the run needs in internal/scenario", f, name)
			}
		}
		if _, ok := wiringFiles[f]; ok {
			seenWiring = append(seenWiring, f)
			continue
		}
		var phrases []string
		for _, d := range parsed.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && registered[fd.Name.Name] {
				phrases = append(phrases, fd.Name.Name)
			}
		}
		assert.NotEmpty(t, phrases, "%s defines no step the phrase table (definitions.go) registers: steps/ holds phrases only; move it where its meaning lives (internal/scenario, internal/scenario/features, internal/lab/roles, ...)", f)
		assert.True(t, strings.HasSuffix(f, "_steps.go"), "%s holds steps: name it <concept>_steps.go", f)
	}
	slices.Sort(seenWiring)
	var want []string
	for f := range wiringFiles {
		want = append(want, f)
	}
	slices.Sort(want)
	assert.Equal(t, want, seenWiring, "every listed wiring file exists (drop a line whose file is gone)")
}

// exportedNames are the exported top-level names a declaration adds to
// the package (methods excluded: they travel with their type).
func exportedNames(d ast.Decl) []string {
	var out []string
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil && d.Name.IsExported() {
			out = append(out, d.Name.Name)
		}
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				if s.Name.IsExported() {
					out = append(out, s.Name.Name)
				}
			case *ast.ValueSpec:
				for _, n := range s.Names {
					if n.IsExported() {
						out = append(out, n.Name)
					}
				}
			}
		}
	}
	return out
}

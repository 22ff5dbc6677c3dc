package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNoDockerImports keeps cmd/saltlab wiring over the run room's
// operator verbs: no file of the command talks to Docker itself.
func TestNoDockerImports(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		require.NoError(t, err)
		for _, imp := range af.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(p, "github.com/docker/") || strings.HasSuffix(p, "/internal/lab/dockerx") {
				t.Errorf("%s imports %s: Docker work belongs in internal/run (ops or runner)", f, p)
			}
		}
	}
}

package main

import (
	"strings"
	"testing"

	"github.com/saltlab/saltlab/internal/testenv"
)

// TestNoDockerImports keeps cmd/saltlab wiring over the run room's
// operator verbs: no file of the command talks to Docker itself.
func TestNoDockerImports(t *testing.T) {
	for f, imports := range testenv.Imports(t, ".") {
		for _, p := range imports {
			if strings.HasPrefix(p, "github.com/docker/") || strings.HasSuffix(p, "/internal/lab/dockerx") {
				t.Errorf("%s imports %s: Docker work belongs in internal/run (ops or runner)", f, p)
			}
		}
	}
}

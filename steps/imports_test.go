package steps

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/saltlab/saltlab/internal/testenv"
)

// TestStepsImportNeitherDockerNorExec keeps steps/ the Gherkin room, and
// the scenario runtime under it, free of Docker and processes: a step acts
// on the lab through the scenario.Lab it is given, runs Salt through the
// recording client (internal/client) and faults through the chaos engine;
// none of it talks to Docker or starts a process itself.
func TestStepsImportNeitherDockerNorExec(t *testing.T) {
	for _, dir := range []string{".", "../internal/scenario", "../internal/scenario/features"} {
		for f, imports := range testenv.Imports(t, dir) {
			f = filepath.Join(dir, f)
			for _, p := range imports {
				switch {
				case strings.HasPrefix(p, "github.com/docker/"), strings.HasSuffix(p, "/internal/lab/dockerx"), strings.HasSuffix(p, "/internal/lab"):
					t.Errorf("%s imports %s: Docker work belongs to the lab room, behind scenario.Lab", f, p)
				case p == "os/exec":
					t.Errorf("%s imports os/exec: Salt commands go through internal/client, faults through internal/chaos", f)
				}
			}
		}
	}
}

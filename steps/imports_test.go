package steps

import (
	"strings"
	"testing"

	"github.com/saltlab/saltlab/internal/testenv"
)

// TestStepsImportNeitherDockerNorExec keeps steps/ the Gherkin room:
// phrases and their wiring. A step acts on the lab through the Lab it is
// given, runs Salt through the recording client (internal/client) and
// faults through the chaos engine; none of it talks to Docker or starts a
// process itself.
func TestStepsImportNeitherDockerNorExec(t *testing.T) {
	for f, imports := range testenv.Imports(t, ".") {
		for _, p := range imports {
			switch {
			case strings.HasPrefix(p, "github.com/docker/"), strings.HasSuffix(p, "/internal/lab/dockerx"), strings.HasSuffix(p, "/internal/lab"):
				t.Errorf("%s imports %s: Docker work belongs to the lab room, behind steps.Lab", f, p)
			case p == "os/exec":
				t.Errorf("%s imports os/exec: Salt commands go through internal/client, faults through internal/chaos", f)
			}
		}
	}
}

package images

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/testenv"
)

// TestShellScriptsPassShellcheck lints every shell script a Salt image
// runs: install-salt in the build, and the compose/lib scripts the
// topologies mount into masters and minions; and make test's prebuild.
func TestShellScriptsPassShellcheck(t *testing.T) {
	sc := testenv.Tool(t, "shellcheck", "shellcheck")
	scripts := []string{filepath.Join("..", "..", realDir, "install-salt"), filepath.Join("..", "..", "internal", "testenv", "prebuild")}
	lib, err := os.ReadDir(filepath.Join("..", "..", "compose", "lib"))
	require.NoError(t, err)
	for _, e := range lib {
		p := filepath.Join("..", "..", "compose", "lib", e.Name())
		if b, err := os.ReadFile(p); err == nil && strings.HasPrefix(string(b), "#!") && strings.Contains(strings.SplitN(string(b), "\n", 2)[0], "sh") {
			scripts = append(scripts, p)
		}
	}
	require.GreaterOrEqual(t, len(scripts), 3, "install-salt and the compose/lib scripts")
	for _, s := range scripts {
		out, err := exec.Command(sc, "--severity=style", s).CombinedOutput()
		assert.NoError(t, err, "shellcheck %s:\n%s", s, out)
	}
}

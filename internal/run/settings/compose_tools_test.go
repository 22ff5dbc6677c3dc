package settings

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/testenv"
)

// composeConfigTimeout bounds one `docker-compose config`, which reads a
// file and contacts no engine.
const composeConfigTimeout = 30 * time.Second

// byHandEnv is what the by-hand example in docs/topologies.md sets.
var byHandEnv = map[string]string{"SALTLAB_SALT_IMAGE": "saltlab/salt-sim:latest", "SALTLAB_API_PASSWORD_FILE": "/dev/null"}

// The topologies are usable by hand with either compose tool, as
// docs/topologies.md says: Compose v2 (`docker compose`), whose loader is
// compose-go, and Debian's docker-compose 1.29, which refuses a top-level
// name: and so needs the files to carry none.
func TestTopologiesReadByComposeTools(t *testing.T) {
	tool := testenv.Tool(t, "docker-compose", "docker-compose")
	names, err := Topologies("../../..")
	require.NoError(t, err)
	require.NotEmpty(t, names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			file, err := TopologyFile("../../..", name)
			require.NoError(t, err)
			_, err = lab.ReadProject(context.Background(), []string{file}, "mylab", byHandEnv)
			require.NoError(t, err, "compose-go, Compose v2's loader")
			out, err := composeConfig(t, tool, file)
			require.NoError(t, err, "docker-compose -f %s config -q:\n%s", file, out)
		})
	}
	// What the check above guards against, so it can fail for its reason:
	// docker-compose 1.x refuses a file with a top-level name:.
	if v := composeVersion(t, tool); strings.HasPrefix(v, "1.") {
		named := filepath.Join(t.TempDir(), "compose.yaml")
		require.NoError(t, os.WriteFile(named, []byte("name: mylab\nservices:\n  a:\n    image: busybox\n"), 0o644))
		out, err := composeConfig(t, tool, named)
		require.Error(t, err, "docker-compose %s read a file with a top-level name:", v)
		assert.Contains(t, out, "'name' does not match any of the regexes")
	}
}

func composeConfig(t *testing.T, tool, file string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), composeConfigTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, tool, "-f", file, "config", "-q")
	cmd.Env = os.Environ()
	for k, v := range byHandEnv {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func composeVersion(t *testing.T, tool string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), composeConfigTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, tool, "version", "--short").Output()
	require.NoError(t, err)
	return strings.TrimSpace(string(out))
}

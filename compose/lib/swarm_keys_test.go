// Tests of swarm-keys, which on Swarm puts the run's key pair into a
// master's pki dir before the master's command runs.
package lib

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func swarmKeys(t *testing.T, src, dir string, args ...string) (int, string) {
	t.Helper()
	env := append(os.Environ(), "SALTLAB_KEY_SOURCE="+src, "SALTLAB_KEY_DIR="+dir)
	return runScript(t, "swarm-keys", append([]string{"bash", "swarm-keys"}, args...), env, 0)
}

func keySource(t *testing.T) string {
	src := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(src, "master.pem"), []byte("PRIVATE\n"), 0o400))
	require.NoError(t, os.WriteFile(filepath.Join(src, "master.pub"), []byte("PUBLIC\n"), 0o644))
	return src
}

func TestSwarmKeysPutsThePairAsSaltAndKeyWaitLeaveIt(t *testing.T) {
	src, dir := keySource(t), filepath.Join(t.TempDir(), "pki")
	code, out := swarmKeys(t, src, dir, "salt-master-2", "--", "bash", "-c", "echo started $0", "salt-master")
	require.Equal(t, 0, code, out)
	assert.Contains(t, out, "started salt-master", "the master's own command runs after")
	want := map[string]struct {
		data string
		mode os.FileMode
	}{
		"master.pem":        {"PRIVATE\n", 0o400},
		"master.pub":        {"PUBLIC\n", 0o644},
		"salt-master-2.pem": {"PRIVATE\n", 0o400},
		"salt-master-2.pub": {"PUBLIC\n", 0o400},
	}
	for name, w := range want {
		p := filepath.Join(dir, name)
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		assert.Equal(t, w.data, string(b), p)
		fi, err := os.Lstat(p)
		require.NoError(t, err)
		assert.True(t, fi.Mode().IsRegular(), p)
		assert.Equal(t, w.mode, fi.Mode().Perm(), p)
	}
	left, err := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	require.NoError(t, err)
	assert.Empty(t, left)
}

func TestSwarmKeysKeepsWhatThePkiDirHolds(t *testing.T) {
	src, dir := keySource(t), t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "master.pem"), []byte("OLD\n"), 0o400))
	code, out := swarmKeys(t, src, dir, "salt-master-1", "--", "true")
	require.Equal(t, 0, code, out)
	b, err := os.ReadFile(filepath.Join(dir, "master.pem"))
	require.NoError(t, err)
	assert.Equal(t, "OLD\n", string(b), "a restarted master keeps its pki dir")
}

func TestSwarmKeysFailsClearly(t *testing.T) {
	tests := []struct {
		name string
		args []string
		src  func(t *testing.T) string
		code int
		want string
	}{
		{name: "no command", args: []string{"salt-master-1"}, src: keySource, code: 2, want: "usage: swarm-keys ID -- COMMAND"},
		{name: "no separator", args: []string{"salt-master-1", "salt-master"}, src: keySource, code: 2, want: "usage"},
		{name: "no key pair", args: []string{"salt-master-1", "--", "true"}, src: func(t *testing.T) string { return t.TempDir() }, code: 1, want: "master.pem is missing or empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out := swarmKeys(t, tt.src(t), t.TempDir(), tt.args...)
			assert.Equal(t, tt.code, code, out)
			assert.Contains(t, out, tt.want)
		})
	}
}

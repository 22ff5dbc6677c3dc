// Tests of key-wait, the init that stores the first master's key pair for
// every later master before it starts. They run it on the host against a
// directory laid out as Salt leaves the shared keys volume.
package lib

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// saltMigratesOnFirstCopy is a stand-in cat that, on its first call, does
// what Salt 3008's MasterKeys._setup_keys does after writing master.pem
// and master.pub as regular files: it stores them under the master's id,
// removes them and links them back, and the read it was asked for runs in
// the gap, when master.pem is gone. Later calls are the real cat.
const saltMigratesOnFirstCopy = `#!/usr/bin/env bash
d=$KEY_DIR
if [ ! -e "$d/.migrated" ]; then
	: >"$d/.migrated"
	mv "$d/master.pem" "$d/salt-master-1.pem"
	mv "$d/master.pub" "$d/salt-master-1.pub"
	/bin/cat "$@"; rc=$?
	ln -s "$d/salt-master-1.pem" "$d/master.pem"
	ln -s "$d/salt-master-1.pub" "$d/master.pub"
	exit $rc
fi
exec /bin/cat "$@"
`

// keyWait runs key-wait on dir with a stand-in cat (none: the real one)
// and returns its exit code and output.
func keyWait(t *testing.T, dir, cat string, seconds string) (int, string) {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "bin")
	require.NoError(t, os.Mkdir(bin, 0o755))
	if cat != "" {
		require.NoError(t, os.WriteFile(filepath.Join(bin, "cat"), []byte(cat), 0o755))
	}
	env := append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "KEY_DIR="+dir,
		"SALTLAB_KEY_WAIT_DIR="+dir, "SALTLAB_KEY_WAIT_SECONDS="+seconds,
		"SALTLAB_SHARED_KEY_MASTERS=salt-master-2 salt-master-3")
	return runScript(t, "key-wait", []string{"bash", "key-wait"}, env, 0)
}

func TestKeyWaitStoresThePairForLaterMasters(t *testing.T) {
	tests := []struct {
		name string
		cat  string
	}{
		{name: "the pair as Salt 3006 and 3007 leave it"},
		{name: "Salt 3008 moves the pair under its id while it is read", cat: saltMigratesOnFirstCopy},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "master.pem"), []byte("PRIVATE\n"), 0o400))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "master.pub"), []byte("PUBLIC\n"), 0o644))

			code, out := keyWait(t, dir, tt.cat, "10")
			require.Equal(t, 0, code, out)
			assert.Contains(t, out, "later masters may start")
			for _, id := range []string{"salt-master-2", "salt-master-3"} {
				for ext, want := range map[string]string{"pem": "PRIVATE\n", "pub": "PUBLIC\n"} {
					p := filepath.Join(dir, id+"."+ext)
					b, err := os.ReadFile(p)
					require.NoError(t, err)
					assert.Equal(t, want, string(b), p)
					fi, err := os.Lstat(p)
					require.NoError(t, err)
					assert.True(t, fi.Mode().IsRegular(), "%s is a regular file, as Salt writes it", p)
					assert.Equal(t, os.FileMode(0o400), fi.Mode().Perm(), p)
				}
			}
			left, err := filepath.Glob(filepath.Join(dir, ".*.tmp"))
			require.NoError(t, err)
			assert.Empty(t, left, "no partial copy is left")
		})
	}
}

func TestKeyWaitGivesUpWithoutThePair(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "master.pub"), []byte("PUBLIC\n"), 0o644))
	code, out := keyWait(t, dir, "", "1")
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, "did not appear in "+dir+" within 1s")
	_, err := os.Stat(filepath.Join(dir, "salt-master-2.pub"))
	assert.True(t, os.IsNotExist(err), "nothing is stored for a later master")
}

// TestKeyWaitDefaultsAreTheScripts holds the Go constants saltlab finds
// the shared key volume by to the script's own defaults.
func TestKeyWaitDefaultsAreTheScripts(t *testing.T) {
	script, err := os.ReadFile("key-wait")
	require.NoError(t, err)
	assert.Contains(t, string(script), "dir=${"+KeyWaitDirVar+":-"+KeyWaitDirDefault+"}")
	assert.Contains(t, string(script), "name=${"+KeyWaitNameVar+":-"+KeyWaitNameDefault+"}")
	assert.Equal(t, "key-wait", filepath.Base(KeyWaitPath))
}

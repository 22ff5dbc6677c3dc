package testenv

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// usersFiles are what UsersFolder writes, by path below it.
var usersFiles = map[string]string{"notes.txt": "mine", "src/main.go": "package main"}

// UsersFolder makes a real folder of a user's below parent: a file and a
// subfolder with a file, and no saltlab marker. A test hands it to saltlab
// where saltlab would make, replace or empty a folder of its own, and
// then checks with AssertUsersFolder that nothing in it was touched.
func UsersFolder(t testing.TB, parent string) string {
	t.Helper()
	dir := filepath.Join(parent, "project")
	for f, text := range usersFiles {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte(text), 0o644))
	}
	return dir
}

// AssertUsersFolder checks that the folder UsersFolder made (or moved to
// dir) is whole: its files as written, and nothing added to it.
func AssertUsersFolder(t testing.TB, dir string) {
	t.Helper()
	for f, want := range usersFiles {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if assert.NoError(t, err, "the user's %s is still there", f) {
			assert.Equal(t, want, string(b))
		}
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "nothing was added to the user's folder %s", dir)
}

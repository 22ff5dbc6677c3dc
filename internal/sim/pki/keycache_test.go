package pki

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKeyCache: the first lab generates and keeps a key, the next one
// restores the same key instead of generating, and a pki dir's own key is
// never replaced.
func TestKeyCache(t *testing.T) {
	c := KeyCache{Dir: filepath.Join(t.TempDir(), "cache")}
	first := filepath.Join(t.TempDir(), "m-001")
	found, err := c.Restore("m-001", first, "minion")
	require.NoError(t, err)
	assert.False(t, found, "an empty cache has nothing")
	kp, err := LoadOrCreate(first, "minion")
	require.NoError(t, err)
	require.NoError(t, c.Keep("m-001", first, "minion"))
	fi, err := os.Stat(filepath.Join(c.Dir, "m-001.pem"))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o400), fi.Mode().Perm(), "a cached private key keeps the pki dir's mode")

	next := filepath.Join(t.TempDir(), "m-001")
	found, err = c.Restore("m-001", next, "minion")
	require.NoError(t, err)
	assert.True(t, found)
	again, err := LoadOrCreate(next, "minion")
	require.NoError(t, err)
	assert.Equal(t, kp.PubPEM, again.PubPEM, "the next lab's minion has the cached key")

	own := filepath.Join(t.TempDir(), "m-001")
	mine, err := LoadOrCreate(own, "minion")
	require.NoError(t, err)
	found, err = c.Restore("m-001", own, "minion")
	require.NoError(t, err)
	assert.True(t, found)
	after, err := LoadOrCreate(own, "minion")
	require.NoError(t, err)
	assert.Equal(t, mine.PubPEM, after.PubPEM, "a pki dir's own key is kept")
	require.NoError(t, c.Keep("m-001", own, "minion"))
	cached, err := ReadPrivate(filepath.Join(c.Dir, "m-001.pem"))
	require.NoError(t, err)
	assert.Equal(t, kp.Private.N, cached.N, "the cache keeps the first key it got")
}

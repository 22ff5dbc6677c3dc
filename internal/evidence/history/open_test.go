package history

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenAppendsAfterTheLastEntry: a history opened again (a drill's
// console resuming) keeps what was there and numbers on from it.
func TestOpenAppendsAfterTheLastEntry(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	r, err := Create(path)
	require.NoError(t, err)
	_, err = r.Append(Entry{Type: Invoke, F: "a"})
	require.NoError(t, err)
	_, err = r.Append(Entry{Type: OK, F: "a"})
	require.NoError(t, err)
	require.NoError(t, r.Close())

	r, err = Open(path)
	require.NoError(t, err)
	e, err := r.Append(Entry{Type: Invoke, F: "b"})
	require.NoError(t, err)
	require.NoError(t, r.Close())
	assert.Equal(t, int64(2), e.Index)
	h, err := Read(path)
	require.NoError(t, err)
	require.Len(t, h, 3)
	assert.Equal(t, "b", h[2].F)

	fresh, err := Open(filepath.Join(t.TempDir(), FileName))
	require.NoError(t, err)
	e, err = fresh.Append(Entry{Type: Invoke})
	require.NoError(t, err)
	assert.Equal(t, int64(0), e.Index)
	require.NoError(t, fresh.Close())
}

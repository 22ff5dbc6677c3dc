package history

import (
	"path/filepath"
	"sync"
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

// TestOpenNumbersOnBesideOtherWriters: two recorders on one history (a
// drill's console and its `drill hint`, each a process of its own)
// appending in turn and at once leave dense, unique indexes, and a
// completion still pairs with its own invocation.
func TestOpenNumbersOnBesideOtherWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	console, err := Open(path)
	require.NoError(t, err)
	hint, err := Open(path)
	require.NoError(t, err)
	inv, err := console.Append(Entry{Type: Invoke, F: "probe"})
	require.NoError(t, err)
	other, err := hint.Append(Entry{Type: Invoke, F: "hint 1"})
	require.NoError(t, err)
	assert.Equal(t, inv.Index+1, other.Index, "the second writer numbers on from the first's line")
	done, err := console.Append(Entry{Type: OK, F: "probe", Pair: inv.Index})
	require.NoError(t, err)
	assert.Equal(t, other.Index+1, done.Index)

	var wg sync.WaitGroup
	for _, r := range []*Recorder{console, hint} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				_, err := r.Append(Entry{Type: Event, Tag: "t"})
				assert.NoError(t, err)
			}
		}()
	}
	wg.Wait()
	require.NoError(t, console.Close())
	require.NoError(t, hint.Close())
	h, err := Read(path)
	require.NoError(t, err)
	require.Len(t, h, 403)
	for i, e := range h {
		require.Equal(t, int64(i), e.Index, "entry %d", i)
	}
	ops := Ops(h)
	require.NotEmpty(t, ops)
	assert.Equal(t, "probe", ops[0].Invoke.F)
	require.NotNil(t, ops[0].Completion)
	assert.Equal(t, done.Index, ops[0].Completion.Index)
}

package fault

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type failOnce struct{ failed bool }

func (f *failOnce) Undo(context.Context, Entry) error {
	if !f.failed {
		f.failed = true
		return errors.New("container gone")
	}
	return nil
}

func TestWindows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "faults.jsonl")
	l := NewLedger(path)
	a, err := l.Record(KindStop, "salt-master-1", "s1")
	require.NoError(t, err)
	_, err = l.Record("pause", "salt-master-2", "s2")
	require.NoError(t, err)
	u := &failOnce{}
	assert.Error(t, l.UndoAll(context.Background(), u), "the newest undo fails once")
	require.NoError(t, l.UndoAll(context.Background(), u))

	ws, err := Windows(path)
	require.NoError(t, err)
	require.Len(t, ws, 2)
	assert.Equal(t, a.ID, ws[0].ID)
	assert.Equal(t, "s1", ws[0].Scenario)
	assert.Equal(t, a.At, ws[0].Start)
	assert.False(t, ws[0].End.IsZero())
	assert.False(t, ws[1].End.IsZero(), "undone on the second try")
	assert.Empty(t, ws[1].UndoError, "a later success clears the failure")

	none, err := Windows(filepath.Join(t.TempDir(), "missing"))
	require.NoError(t, err)
	assert.Empty(t, none)

	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	require.NoError(t, os.WriteFile(bad, []byte("nope\n{}\n"), 0o644))
	_, err = Windows(bad)
	assert.ErrorContains(t, err, "line 1")
}

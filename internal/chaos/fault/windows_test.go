package fault

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

type failOnce struct{ failed bool }

func (f *failOnce) Undo(context.Context, Entry) error {
	if !f.failed {
		f.failed = true
		return errors.New("container gone")
	}
	return nil
}

// TestLedgerWindowsReadWhatTheLedgerWrote: the reports read the windows
// of a run without a history from the file this ledger writes, through
// the history's reader of its line format.
func TestLedgerWindowsReadWhatTheLedgerWrote(t *testing.T) {
	path := filepath.Join(t.TempDir(), "faults.jsonl")
	l := NewLedger(path)
	a, err := l.Record(history.FaultStop, "salt-master-1", "s1")
	require.NoError(t, err)
	_, err = l.Record(history.FaultPause, "salt-master-2", "s2")
	require.NoError(t, err)
	_, err = l.Record(history.FaultKill, "salt-master-3", "s3")
	require.NoError(t, err)
	u := &failOnce{}
	assert.Error(t, l.UndoAll(context.Background(), u), "the newest undo fails once")
	_, err = l.Abandon("lab removed")
	require.NoError(t, err)

	ws, err := history.LedgerWindows(path)
	require.NoError(t, err)
	require.Len(t, ws, 3)
	assert.Equal(t, strconv.Itoa(a.ID), ws[0].FaultID)
	assert.Equal(t, history.FaultStop, ws[0].Kind)
	assert.Equal(t, "s1", ws[0].Scenario)
	assert.Equal(t, a.At, ws[0].Start)
	assert.False(t, ws[0].End.IsZero(), "undone")
	assert.False(t, ws[1].End.IsZero(), "undone")
	assert.True(t, ws[2].End.IsZero(), "its undo failed, then it was abandoned: never healed")
}

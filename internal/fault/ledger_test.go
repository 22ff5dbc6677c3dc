package fault

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type recordingUndoer struct {
	undone []string
	fail   map[string]bool
	ctxErr error
}

func (r *recordingUndoer) Undo(ctx context.Context, e Entry) error {
	r.ctxErr = ctx.Err()
	if r.fail[e.Target] {
		return errors.New("boom")
	}
	r.undone = append(r.undone, e.Target)
	return nil
}

func TestLedgerRecordsBeforeAndUndoesNewestFirst(t *testing.T) {
	path := filepath.Join(t.TempDir(), "faults.jsonl")
	l := NewLedger(path)
	_, err := l.Record(KindStop, "a", "s1")
	require.NoError(t, err)
	_, err = l.Record(KindStop, "b", "s1")
	require.NoError(t, err)

	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(string(b), `"event":"inject"`), "faults are on disk before they act")

	// A cancelled caller context must not stop the undo.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	u := &recordingUndoer{}
	require.NoError(t, l.UndoAll(ctx, u))
	assert.Equal(t, []string{"b", "a"}, u.undone)
	assert.NoError(t, u.ctxErr)
	assert.Empty(t, l.Pending())
	b, _ = os.ReadFile(path)
	assert.Equal(t, 2, strings.Count(string(b), `"event":"undone"`))
}

func TestLedgerKeepsFailedUndoPending(t *testing.T) {
	l := NewLedger("")
	_, _ = l.Record(KindStop, "a", "")
	_, _ = l.Record(KindStop, "b", "")
	_, _ = l.Record(KindStop, "c", "")
	u := &recordingUndoer{fail: map[string]bool{"b": true, "a": true}}
	err := l.UndoAll(context.Background(), u)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "undo fault 2 (stop b): boom")
	assert.Contains(t, err.Error(), "undo fault 1 (stop a): boom")
	assert.Equal(t, []string{"c"}, u.undone)
	var left []string
	for _, e := range l.Pending() {
		left = append(left, e.Target)
	}
	assert.Equal(t, []string{"a", "b"}, left)
}

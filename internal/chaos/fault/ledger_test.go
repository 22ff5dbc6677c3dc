package fault

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
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
	_, err := l.Record(history.FaultStop, "a", "s1")
	require.NoError(t, err)
	_, err = l.Record(history.FaultStop, "b", "s1")
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
	_, _ = l.Record(history.FaultStop, "a", "")
	_, _ = l.Record(history.FaultStop, "b", "")
	_, _ = l.Record(history.FaultStop, "c", "")
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

// clockTickBound bounds waiting for the wall clock to move on, polled
// every clockTickPoll; it moves within microseconds anywhere.
const (
	clockTickBound = time.Second
	clockTickPoll  = 50 * time.Microsecond
)

// Undo lines carry their own time, and the inject time separately; a
// reopened ledger still knows when its pending faults were injected.
func TestLedgerUndoLinesCarryTheirOwnTime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "faults.jsonl")
	l := NewLedger(path)
	e, err := l.Record(history.FaultStop, "a", "")
	require.NoError(t, err)
	_, err = l.Record(history.FaultStop, "b", "")
	require.NoError(t, err)
	reopened, err := Open(path)
	require.NoError(t, err)
	assert.Equal(t, e.At, reopened.Pending()[0].At, "inject time survives a reopen")

	// The undo's own time can be told from the inject's only once the
	// wall clock has moved past it: wait for that, not for a fixed pause.
	require.Eventually(t, func() bool { return time.Now().After(e.At) }, clockTickBound, clockTickPoll, "the wall clock did not move past the inject")
	require.NoError(t, l.Undo(context.Background(), &recordingUndoer{}, e.ID))
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var lines []map[string]any
	dec := json.NewDecoder(f)
	for dec.More() {
		var m map[string]any
		require.NoError(t, dec.Decode(&m))
		lines = append(lines, m)
	}
	require.Len(t, lines, 3)
	undone := lines[2]
	assert.Equal(t, "undone", undone["event"])
	at, err := time.Parse(time.RFC3339Nano, undone["at"].(string))
	require.NoError(t, err)
	assert.True(t, at.After(e.At), "the undo line's time (%v) is its own, after the inject (%v)", at, e.At)
	assert.Equal(t, e.At.Format(time.RFC3339Nano), undone["injected_at"])
	assert.Equal(t, lines[0]["at"], undone["injected_at"])
}

func TestLedgerObserverHearsEveryLine(t *testing.T) {
	l := NewLedger("")
	var heard []string
	l.SetObserver(func(event string, e Entry, at time.Time) {
		assert.False(t, at.IsZero())
		heard = append(heard, fmt.Sprintf("%s %d %s", event, e.ID, e.Target))
	})
	_, err := l.Record(history.FaultStop, "salt-master-1", "sc")
	require.NoError(t, err)
	require.NoError(t, l.UndoAll(context.Background(), &recordingUndoer{}))
	assert.Equal(t, []string{"inject 1 salt-master-1", "undone 1 salt-master-1"}, heard)
}

// TestAbandonClosesStaleFaults: the pending faults of a lab that is gone
// are closed with a "stale" line naming why; a reopened ledger holds
// nothing pending, the faults already undone are untouched, and the
// windows show the closed ones as never undone.
func TestAbandonClosesStaleFaults(t *testing.T) {
	path := filepath.Join(t.TempDir(), "faults.jsonl")
	l := NewLedger(path)
	healed, err := l.Record(history.FaultPause, "cache", "s1")
	require.NoError(t, err)
	_, err = l.Record(history.FaultStop, "web", "s1")
	require.NoError(t, err)
	require.NoError(t, l.Undo(context.Background(), &recordingUndoer{}, healed.ID))

	again, err := Open(path)
	require.NoError(t, err)
	var heard []string
	again.SetObserver(func(event string, e Entry, _ time.Time) { heard = append(heard, event+" "+e.Target) })
	closed, err := again.Abandon("the lab was removed")
	require.NoError(t, err)
	require.Len(t, closed, 1)
	assert.Equal(t, "web", closed[0].Target)
	assert.Equal(t, []string{"stale web"}, heard)
	assert.Empty(t, again.Pending())

	reopened, err := Open(path)
	require.NoError(t, err)
	assert.Empty(t, reopened.Pending(), "a stale fault is no longer pending")
	w, err := history.LedgerWindows(path)
	require.NoError(t, err)
	require.Len(t, w, 2)
	assert.False(t, w[0].End.IsZero(), "the healed fault keeps its end")
	assert.True(t, w[1].End.IsZero(), "the stale fault was never undone")
	var why []string
	require.NoError(t, history.ScanLedger(path, func(l history.LedgerLine) {
		if l.Event == history.LedgerStale {
			why = append(why, l.Target+": "+l.Error)
		}
	}))
	assert.Equal(t, []string{"web: the lab was removed"}, why, "the stale line says why")

	none, err := reopened.Abandon("again")
	require.NoError(t, err)
	assert.Empty(t, none, "nothing left to close")
}

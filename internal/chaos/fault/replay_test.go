package fault

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func targets(es []Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Target)
	}
	return out
}

// TestOpenReplaysAfterCrash: a second process (saltlab heal) sees exactly
// the faults the first recorded and did not undo, with their data, and
// continues the ids.
func TestOpenReplaysAfterCrash(t *testing.T) {
	path := filepath.Join(t.TempDir(), "faults.jsonl")
	first := NewLedger(path)
	_, err := first.Add(Entry{Kind: "pause", Target: "a", Data: map[string]string{"container": "c1"}})
	require.NoError(t, err)
	b, err := first.Add(Entry{Kind: "isolate", Target: "b", Data: map[string]string{"chain": "SALTLAB-x-1"}})
	require.NoError(t, err)
	_, err = first.Add(Entry{Kind: "pause", Target: "c"})
	require.NoError(t, err)
	require.NoError(t, first.Undo(context.Background(), &recordingUndoer{}, b.ID))
	// The process dies here: no UndoAll.

	second, err := Open(path)
	require.NoError(t, err)
	pending := second.Pending()
	assert.Equal(t, []string{"a", "c"}, targets(pending))
	assert.Equal(t, "c1", pending[0].Data["container"], "undo data survives")
	next, err := second.Record("stop", "d", "")
	require.NoError(t, err)
	assert.Equal(t, 4, next.ID, "ids continue after the replayed ones")

	u := &recordingUndoer{}
	require.NoError(t, second.UndoAll(context.Background(), u))
	assert.Equal(t, []string{"d", "c", "a"}, u.undone, "newest first")
	third, err := Open(path)
	require.NoError(t, err)
	assert.Empty(t, third.Pending(), "a later heal finds nothing to do")
}

func TestOpenEdgeCases(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		body    string
		want    []string
		wantErr string
	}{
		{name: "missing file", want: nil},
		{name: "line cut by SIGKILL", body: `{"event":"inject","id":1,"kind":"pause","target":"a","at":"2026-01-01T00:00:00Z"}` + "\n" + `{"event":"inj`, want: []string{"a"}},
		{name: "corrupt line in the middle", body: "garbage\n" + `{"event":"inject","id":1,"kind":"pause","target":"a","at":"2026-01-01T00:00:00Z"}` + "\n", wantErr: "line 1"},
		{name: "failed undo stays pending", body: `{"event":"inject","id":1,"kind":"pause","target":"a","at":"2026-01-01T00:00:00Z"}` + "\n" + `{"event":"undo-failed","id":1,"kind":"pause","target":"a","at":"2026-01-01T00:00:00Z","error":"x"}` + "\n", want: []string{"a"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".jsonl")
			if tc.body != "" {
				require.NoError(t, os.WriteFile(path, []byte(tc.body), 0o644))
			}
			l, err := Open(path)
			if tc.wantErr != "" {
				assert.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, targets(l.Pending()))
		})
	}
}

// TestUndoOneIsIdempotent: undoing a fault that is not pending (healed
// already, by another process or an earlier call) is nil and undoes nothing.
func TestUndoOneIsIdempotent(t *testing.T) {
	l := NewLedger("")
	e, _ := l.Record("pause", "a", "")
	_, _ = l.Record("pause", "b", "")
	u := &recordingUndoer{}
	require.NoError(t, l.Undo(context.Background(), u, e.ID))
	require.NoError(t, l.Undo(context.Background(), u, e.ID))
	assert.Equal(t, []string{"a"}, u.undone)
	assert.Equal(t, []string{"b"}, targets(l.Pending()))

	failing := &recordingUndoer{fail: map[string]bool{"b": true}}
	err := l.Undo(context.Background(), failing, 2)
	assert.ErrorContains(t, err, "undo fault 2 (pause b): boom")
	assert.Equal(t, []string{"b"}, targets(l.Pending()), "a failed undo stays pending")
}

// TestReloadTakesAnotherProcesssLines: a drill's console holds the ledger
// open while a reset in a second terminal undoes its fault and records
// the incident's again; the console's reload heals the new fault, not the
// one it last saw, and its next fault takes a fresh id.
func TestReloadTakesAnotherProcesssLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "faults.jsonl")
	console := NewLedger(path)
	_, err := console.Add(Entry{Kind: "proc-stop", Target: "salt-master-1"})
	require.NoError(t, err)
	reset, err := Open(path)
	require.NoError(t, err)
	require.NoError(t, reset.UndoAll(context.Background(), &recordingUndoer{}))
	again, err := reset.Add(Entry{Kind: "proc-stop", Target: "salt-master-1"})
	require.NoError(t, err)

	require.NoError(t, console.Reload())
	pending := console.Pending()
	require.Len(t, pending, 1)
	assert.Equal(t, again.ID, pending[0].ID, "the reset's fault, the first undone")
	next, err := console.Add(Entry{Kind: "pause", Target: "x"})
	require.NoError(t, err)
	assert.Greater(t, next.ID, again.ID)
	assert.NoError(t, NewLedger("").Reload(), "a ledger in memory has no file to read")
}

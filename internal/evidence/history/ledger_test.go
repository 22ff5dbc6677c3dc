package history

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFaultKindsAsSaved pins the recorded strings the checkers name: saved
// runs hold them in history.jsonl and faults.jsonl, so renaming one would
// make old runs unreadable to the checkers (the chaos registry pins every
// kind's, TestKindNamesAsSaved).
func TestFaultKindsAsSaved(t *testing.T) {
	want := map[FaultKind]string{
		FaultStop: "stop", FaultKill: "kill", FaultPause: "pause",
		FaultProcStop: "proc-stop", FaultProcKill: "proc-kill",
	}
	require.Len(t, want, 5, "one entry per kind: no two kinds share a string")
	for k, s := range want {
		assert.Equal(t, s, string(k))
	}
}

func TestLedgerWindows(t *testing.T) {
	line := func(event string, id int, at, rest string) string {
		return `{"event":"` + event + `","at":"2026-01-01T00:00:` + at + `Z","id":` + strconv.Itoa(id) + `,"kind":"pause","target":"m` + strconv.Itoa(id) + `","scenario":"sc"` + rest + "}\n"
	}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		body    string
		want    []FaultWindow
		wantErr string
	}{
		{name: "healed", body: line(LedgerInject, 1, "01", "") + line(LedgerUndone, 1, "05", `,"injected_at":"2026-01-01T00:00:01Z"`),
			want: []FaultWindow{{FaultID: "1", Kind: FaultPause, Target: "m1", Scenario: "sc", Start: t0.Add(time.Second), End: t0.Add(5 * time.Second)}}},
		{name: "undo failed, then succeeded", body: line(LedgerInject, 1, "01", "") + line(LedgerUndoFailed, 1, "03", `,"error":"x"`) + line(LedgerUndone, 1, "07", ""),
			want: []FaultWindow{{FaultID: "1", Kind: FaultPause, Target: "m1", Scenario: "sc", Start: t0.Add(time.Second), End: t0.Add(7 * time.Second)}}},
		{name: "stale stays open", body: line(LedgerInject, 2, "01", "") + line(LedgerStale, 2, "09", `,"error":"lab removed"`),
			want: []FaultWindow{{FaultID: "2", Kind: FaultPause, Target: "m2", Scenario: "sc", Start: t0.Add(time.Second)}}},
		{name: "undo of an unknown fault is ignored", body: line(LedgerUndone, 3, "01", "")},
		{name: "torn last line", body: line(LedgerInject, 1, "01", "") + `{"event":"und`,
			want: []FaultWindow{{FaultID: "1", Kind: FaultPause, Target: "m1", Scenario: "sc", Start: t0.Add(time.Second)}}},
		{name: "bad line in the middle", body: "nope\n" + line(LedgerInject, 1, "01", ""), wantErr: "line 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "faults.jsonl")
			require.NoError(t, os.WriteFile(path, []byte(tc.body), 0o644))
			got, err := LedgerWindows(path)
			if tc.wantErr != "" {
				assert.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
	none, err := LedgerWindows(filepath.Join(t.TempDir(), "missing"))
	require.NoError(t, err)
	assert.Empty(t, none, "a run without a ledger has no faults")
}

// FuzzLedgerWindows: reports read the ledger of any run folder they are
// pointed at. No input panics, and there is one window per injected fault
// id, in the order of its first inject line, whatever other lines say.
func FuzzLedgerWindows(f *testing.F) {
	f.Add([]byte(`{"event":"inject","at":"2026-01-01T00:00:01Z","id":1,"kind":"pause","target":"a"}` + "\n" +
		`{"event":"undone","at":"2026-01-01T00:00:05Z","id":1,"kind":"pause","target":"a"}` + "\n"))
	f.Add([]byte("garbage\n{}\n"))
	f.Add([]byte(`{"event":"stale","id":2}` + "\n" + `{"event":"inject","id":2,"data":{"x":"y"}}` + "\n" + `{"event":"inj`))
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(t.TempDir(), "faults.jsonl")
		require.NoError(t, os.WriteFile(path, b, 0o644))
		var injected []string
		seen := map[int]bool{}
		scanErr := ScanLedger(path, func(l LedgerLine) {
			if l.Event == LedgerInject && !seen[l.ID] {
				seen[l.ID] = true
				injected = append(injected, strconv.Itoa(l.ID))
			}
		})
		ws, err := LedgerWindows(path)
		if scanErr != nil {
			require.Error(t, err, "both read the file the same way")
			return
		}
		require.NoError(t, err)
		var ids []string
		for _, w := range ws {
			ids = append(ids, w.FaultID)
		}
		require.Equal(t, injected, ids, "one window per injected fault, in inject order")
	})
}

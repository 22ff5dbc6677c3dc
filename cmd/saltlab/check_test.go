package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// savedRun writes a run dir the way a run leaves it: the history, and the
// checks with the verdicts the run gave (judged here as the steps do).
func savedRun(t *testing.T, servedBy string) string {
	t.Helper()
	dir := t.TempDir()
	rec, err := history.Create(filepath.Join(dir, history.FileName))
	require.NoError(t, err)
	t0 := time.Now()
	add := func(e history.Entry, at time.Duration) int64 {
		e.Time = t0.Add(at)
		got, err := rec.Append(e)
		require.NoError(t, err)
		return got.Index
	}
	add(history.Entry{Type: history.Watch, Master: "salt-master-2", Phase: history.Start}, 0)
	since := add(history.Entry{Type: history.Fault, FaultID: "1", Kind: "stop", Target: "salt-master-1", Phase: history.Start}, time.Second)
	inv := add(history.Entry{Type: history.Invoke, F: "salt-call test.ping", Node: "m1", Target: "m1"}, 2*time.Second)
	add(history.Entry{Type: history.Event, Master: servedBy, Tag: "salt/job/J/ret/m1", Data: json.RawMessage(`{"fun":"test.ping"}`)}, 2500*time.Millisecond)
	add(history.Entry{Type: history.OK, Pair: inv, F: "salt-call test.ping", Node: "m1", Target: "m1", Value: json.RawMessage("true")}, 3*time.Second)
	require.NoError(t, rec.Close())
	c, err := checker.New(checker.NameFailover, "stop master-1", "served by master-2", checker.FailoverParams{Since: since, F: "salt-call test.ping",
		Fun: "test.ping", Master: "salt-master-2", Bounds: map[string]checker.Bound{"m1": {Limit: 5 * time.Second, Explain: "test"}}})
	require.NoError(t, err)
	h, err := history.Read(filepath.Join(dir, history.FileName))
	require.NoError(t, err)
	require.NoError(t, checker.Write(dir, history.FileName, []checker.Judged{{Check: c, Result: checker.Run(c, h)}}))
	return dir
}

func TestCheckRejudgesASavedRun(t *testing.T) {
	var out, errOut bytes.Buffer
	good := savedRun(t, "salt-master-2")
	require.Equal(t, exitOK, Main([]string{"check", good}, &out, &errOut), errOut.String())
	assert.Contains(t, out.String(), `valid    failover-time [stop master-1] "served by master-2": m1: served by salt-master-2 after 1.5s (valid)`) // its return on the bus, 1.5 s after the fault
	assert.Contains(t, out.String(), "1 check(s) of 5 history entries: 0 invalid, 0 unknown, 0 differ")

	out.Reset()
	bad := savedRun(t, "salt-master-3")
	assert.Equal(t, exitFailed, Main([]string{"check", bad}, &out, &errOut))
	assert.Contains(t, out.String(), "invalid  failover-time")
	assert.Contains(t, out.String(), "last: answered, but served by salt-master-3")
	assert.Contains(t, out.String(), "evidence: "+filepath.Join(bad, history.FileName)+" entries [1 2 3 4]")

	// The history changed after the run: check says the verdict differs.
	out.Reset()
	b, err := os.ReadFile(filepath.Join(bad, history.FileName))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(good, history.FileName), b, 0o644))
	assert.Equal(t, exitFailed, Main([]string{"check", good}, &out, &errOut))
	assert.Contains(t, out.String(), "the run said valid")
	assert.Contains(t, errOut.String(), "the run has invalid verdicts")

	// Judged valid now where the run said invalid (a checker fixed since):
	// the difference fails check, and says so rather than "invalid".
	out.Reset()
	errOut.Reset()
	fixed := savedRun(t, "salt-master-3")
	ok, err := os.ReadFile(filepath.Join(savedRun(t, "salt-master-2"), history.FileName))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(fixed, history.FileName), ok, 0o644))
	assert.Equal(t, exitFailed, Main([]string{"check", fixed}, &out, &errOut))
	assert.Contains(t, out.String(), "0 invalid, 0 unknown, 1 differ")
	assert.Contains(t, errOut.String(), "the checkers now judge the saved run differently")

	errOut.Reset()
	assert.Equal(t, exitUsage, Main([]string{"check", t.TempDir()}, &out, &errOut))
	assert.Contains(t, errOut.String(), "verdicts.json")
	assert.Equal(t, exitUsage, Main([]string{"check"}, &out, &errOut))
}

// TestCheckUnknownFailsUnlessAllowed: a saved run whose check can no
// longer be judged (its reference entry is gone) fails check with exit 1,
// and passes with --allow-unknown, still printing the unknown and why.
func TestCheckUnknownFailsUnlessAllowed(t *testing.T) {
	dir := t.TempDir()
	c, err := checker.New(checker.NameFailover, "stop master-1", "served by master-2", checker.FailoverParams{Since: 7, F: "salt-call test.ping",
		Fun: "test.ping", Master: "salt-master-2", Bounds: map[string]checker.Bound{"m1": {Limit: 5 * time.Second, Explain: "test"}}})
	require.NoError(t, err)
	rec, err := history.Create(filepath.Join(dir, history.FileName))
	require.NoError(t, err)
	_, err = rec.Append(history.Entry{Type: history.Watch, Master: "salt-master-2", Phase: history.Start, Time: time.Now()})
	require.NoError(t, err)
	require.NoError(t, rec.Close())
	h, err := history.Read(filepath.Join(dir, history.FileName))
	require.NoError(t, err)
	require.NoError(t, checker.Write(dir, history.FileName, []checker.Judged{{Check: c, Result: checker.Run(c, h)}}))

	tests := []struct {
		name string
		args []string
		want int
	}{
		{"unknown fails by default", []string{"check", dir}, exitFailed},
		{"unknown accepted with --allow-unknown", []string{"check", "--allow-unknown", dir}, exitOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			assert.Equal(t, tc.want, Main(tc.args, &out, &errOut), errOut.String())
			assert.Contains(t, out.String(), "failover-time: unknown: entry 7 is not in the history")
			assert.Contains(t, out.String(), "0 invalid, 1 unknown, 0 differ")
		})
	}
}

package history

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRecordReadPair(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	r, err := Create(path)
	require.NoError(t, err)
	t0 := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	r.now = func() time.Time { return t0 }
	r.SetScenario("stop master-1")
	inv, err := r.Append(Entry{Type: Invoke, Process: "salt-minion-1", F: "salt-call test.ping", Node: "salt-minion-1"})
	require.NoError(t, err)
	_, err = r.Append(Entry{Type: Fault, FaultID: "f1", Kind: "stop", Target: "salt-master-1", Phase: "start"})
	require.NoError(t, err)
	_, err = r.Append(Entry{Type: OK, Pair: inv.Index, Process: "salt-minion-1", F: "salt-call test.ping", Via: "salt-master-2", Value: json.RawMessage(`true`)})
	require.NoError(t, err)
	_, err = r.Append(Entry{Type: Invoke, Process: "salt-minion-2", F: "salt-call test.ping"})
	require.NoError(t, err)
	require.NoError(t, r.Close())

	h, err := Read(path)
	require.NoError(t, err)
	require.Len(t, h, 4)
	for i, e := range h {
		assert.Equal(t, int64(i), e.Index)
		assert.Equal(t, "stop master-1", e.Scenario)
		assert.Equal(t, t0, e.Time.UTC())
	}
	ops := Ops(h)
	require.Len(t, ops, 2)
	require.NotNil(t, ops[0].Completion)
	assert.Equal(t, "salt-master-2", ops[0].Completion.Via)
	assert.Nil(t, ops[1].Completion, "an invocation the run never completed")
}

func TestReadTornAndMalformed(t *testing.T) {
	dir := t.TempDir()
	torn := filepath.Join(dir, "torn.jsonl")
	require.NoError(t, os.WriteFile(torn, []byte(`{"index":0,"type":"invoke"}`+"\n"+`{"index":1,"ty`), 0o644))
	h, err := Read(torn)
	require.NoError(t, err, "a killed run's torn last line is dropped")
	assert.Len(t, h, 1)

	bad := filepath.Join(dir, "bad.jsonl")
	require.NoError(t, os.WriteFile(bad, []byte("{\"index\":0}\nnot json\n{\"index\":2}\n"), 0o644))
	_, err = Read(bad)
	assert.ErrorContains(t, err, "line 2")
	_, err = Read(filepath.Join(dir, "missing"))
	assert.ErrorContains(t, err, "read history")
}

// FuzzRead: no input panics Decode, and a history round-trips: what a
// Recorder appended (entries decoded from the input, restamped as Append
// stamps them) is what Read gives back, entry for entry; and Ops pairs
// each completion with the invocation it names.
func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"index":0,"type":"invoke","f":"x"}` + "\n" + `{"index":1,"type":"ok","pair":0}` + "\n"))
	f.Add([]byte("garbage\n"))
	f.Add([]byte(`{"index":7,"type":"event","time":"2026-11-23T10:00:00+02:00","master":"m1","tag":"salt/job/1/ret/a","data":{"id": "a"}}` + "\n" +
		`{"index":3,"type":"fault","scenario":"s","fault_id":"1","kind":"stop","target":"m1","phase":"start","value":null}` + "\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		h, err := Decode(bytes.NewReader(b), "fuzz")
		if err != nil {
			return
		}
		for _, o := range Ops(h) {
			require.Equal(t, Invoke, o.Invoke.Type)
			if o.Completion != nil {
				require.True(t, o.Completion.IsCompletion())
				require.Equal(t, o.Invoke.Index, o.Completion.Pair, "a completion pairs with the invocation it names")
			}
		}
		path := filepath.Join(t.TempDir(), FileName)
		r, err := Create(path)
		require.NoError(t, err)
		r.now = func() time.Time { return time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC) }
		var wrote []Entry
		for _, e := range h {
			got, err := r.Append(e)
			if err != nil {
				// Only a time JSON cannot carry (a year past 9999, an
				// offset past a day) is refused; nothing is written then.
				require.ErrorContains(t, err, "Time.MarshalJSON")
				continue
			}
			wrote = append(wrote, got)
		}
		require.NoError(t, r.Close())
		back, err := Read(path)
		require.NoError(t, err)
		require.Len(t, back, len(wrote))
		for i := range wrote {
			want, err := json.Marshal(wrote[i])
			require.NoError(t, err)
			got, err := json.Marshal(back[i])
			require.NoError(t, err)
			require.JSONEq(t, string(want), string(got), "entry %d", i)
			require.True(t, wrote[i].Time.Equal(back[i].Time), "entry %d: time %v read back as %v", i, wrote[i].Time, back[i].Time)
		}
	})
}

// TestForLab: labs of one run share one history with dense indices, each
// view stamps its own lab and scenario, and reads back only its entries.
func TestForLab(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	r, err := Create(path)
	require.NoError(t, err)
	a, b := r.ForLab("lab1"), r.ForLab("lab2")
	a.SetScenario("stop master-1")
	b.SetScenario("pause master-1")
	_, err = a.Append(Entry{Type: Invoke, F: "salt-call test.ping"})
	require.NoError(t, err)
	_, err = b.Append(Entry{Type: Invoke, F: "salt test.ping"})
	require.NoError(t, err)
	_, err = a.Append(Entry{Type: OK, Pair: 0})
	require.NoError(t, err)
	assert.Equal(t, int64(3), b.Next(), "one index for the run")

	got, err := a.Read()
	require.NoError(t, err)
	require.Len(t, got, 2)
	for _, e := range got {
		assert.Equal(t, "lab1", e.Lab)
		assert.Equal(t, "stop master-1", e.Scenario)
	}
	assert.Equal(t, []int64{0, 2}, []int64{got[0].Index, got[1].Index})
	got, err = b.Read()
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, "pause master-1", got[0].Scenario)
	all, err := r.Read()
	require.NoError(t, err)
	assert.Len(t, all, 3, "the run's own view reads every lab")
	require.NoError(t, b.Close())
}

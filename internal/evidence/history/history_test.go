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

func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"index":0,"type":"invoke","f":"x"}` + "\n" + `{"index":1,"type":"ok","pair":0}` + "\n"))
	f.Add([]byte("garbage\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		h, err := Decode(bytes.NewReader(b), "fuzz")
		if err == nil {
			Ops(h)
		}
	})
}

package steps

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// TestRecordLabConfig: every minion setting the diagnosis reads and every
// master's fingerprints are recorded as operations, and the DNS rule reads
// them back once a master is stopped.
func TestRecordLabConfig(t *testing.T) {
	f := newFakeLab()
	path := filepath.Join(t.TempDir(), history.FileName)
	rec, err := history.Create(path)
	require.NoError(t, err)
	RecordLabConfig(context.Background(), Deps{Lab: f, History: rec})
	_, err = rec.Append(history.Entry{Type: history.Fault, Kind: "stop", Target: "salt-master-1", Phase: history.Start})
	require.NoError(t, err)
	require.NoError(t, rec.Close())
	h, err := history.Read(path)
	require.NoError(t, err)

	got := map[string]int{}
	for _, o := range history.Ops(h) {
		require.NotNil(t, o.Completion)
		assert.Equal(t, history.OK, o.Completion.Type, "%s on %s: %s", o.Invoke.F, o.Invoke.Node, o.Completion.Error)
		got[o.Invoke.F+" on "+o.Invoke.Node]++
	}
	assert.Equal(t, map[string]int{
		checker.FConfigGet + " on salt-minion-1": len(checker.ConfigKeys()), checker.FConfigGet + " on salt-minion-2": len(checker.ConfigKeys()),
		checker.FingerOp + " on salt-master-1": 1, checker.FingerOp + " on salt-master-2": 1,
	}, got)
	assert.Contains(t, f.execs, "salt-minion-1: timeout -k 2 30 salt-call --out=json --local config.get master_type")

	r := checker.Explain(checker.Check{Name: checker.NameFailover}, checker.Result{Verdict: checker.Invalid}, h)
	assert.Contains(t, r.Cause, "salt-minion-1, salt-minion-2: master = [salt-master-1, salt-master-2], master_type = failover, master_alive_interval = 0.2")
	assert.NotContains(t, r.Cause, "master.pem differs", "the masters share one key pair")
}

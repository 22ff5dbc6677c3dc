package scenario

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

// TestRecordLabConfig: every minion setting the diagnosis reads, each
// minion's /etc/hosts, and every master's fingerprints, ports and
// addresses are recorded as operations, and the DNS rule reads them back
// once a master is stopped.
func TestRecordLabConfig(t *testing.T) {
	f := scenariotest.NewLab()
	h := recordThenStop(t, f)

	got := map[string]int{}
	for _, o := range history.Ops(h) {
		require.NotNil(t, o.Completion)
		assert.Equal(t, history.OK, o.Completion.Type, "%s on %s: %s", o.Invoke.F, o.Invoke.Node, o.Completion.Error)
		got[o.Invoke.F+" on "+o.Invoke.Node]++
	}
	ports := len(checker.MasterConfigKeys())
	// One config.items a minion, and config.get for the one key its
	// options lack (publish_port, as on Salt 3008.4).
	assert.Equal(t, map[string]int{
		history.ConfigItemsLocalOp + " on salt-minion-1": 1, history.ConfigItemsLocalOp + " on salt-minion-2": 1,
		history.ConfigGetLocalOp + " on salt-minion-1": 1, history.ConfigGetLocalOp + " on salt-minion-2": 1,
		history.HostsOp + " on salt-minion-1": 1, history.HostsOp + " on salt-minion-2": 1,
		history.FingerOp + " on salt-master-1": 1, history.FingerOp + " on salt-master-2": 1,
		history.ConfigGetOp + " on salt-master-1": ports, history.ConfigGetOp + " on salt-master-2": ports,
		history.AddressOp + " on salt-master-1": 1, history.AddressOp + " on salt-master-2": 1,
	}, got)
	assert.Contains(t, f.Execs, "salt-minion-1: timeout -k 2 60 salt-call --out=json --local config.items")
	assert.Contains(t, f.Execs, "salt-minion-1: timeout -k 2 60 salt-call --out=json --local config.get publish_port")
	assert.NotContains(t, f.Execs, "salt-minion-1: timeout -k 2 60 salt-call --out=json --local config.get master_type", "config.items answered it")
	assert.Contains(t, f.Execs, "salt-minion-2: timeout -k 2 60 cat /etc/hosts")
	assert.Contains(t, f.Execs, "salt-master-1: timeout -k 2 60 salt-run --out=json config.get ret_port")

	r := checker.Explain(checker.Check{Name: checker.NameFailover}, checker.Result{Verdict: checker.Invalid}, h)
	assert.Contains(t, r.Cause, "salt-minion-1, salt-minion-2: master = [salt-master-1, salt-master-2] (entries ")
	assert.Contains(t, r.Cause, "master_alive_interval = 0.2 (entries ")
	assert.Contains(t, r.Cause, "/etc/hosts has no line for salt-master-1 (entries ")
	assert.NotContains(t, r.Cause, "master.pem differs", "the masters share one key pair")
}

// TestFailedItemsReadNoMore: when config.items fails or times out, the
// minion's settings are not read a key at a time (the same salt-call would
// fail as often); the failed read is recorded and the rules that need the
// settings have no evidence, so the diagnosis blames none of them.
func TestFailedItemsReadNoMore(t *testing.T) {
	for _, exit := range []int{1, 124} {
		t.Run(fmt.Sprint(exit), func(t *testing.T) {
			f := scenariotest.NewLab()
			f.ItemsExit = exit
			h := recordThenStop(t, f)
			var items, gets int
			for _, o := range history.Ops(h) {
				switch o.Invoke.F {
				case history.ConfigItemsLocalOp:
					items++
					require.NotNil(t, o.Completion)
					assert.NotEqual(t, history.OK, o.Completion.Type)
				case history.ConfigGetLocalOp:
					gets++
				}
			}
			assert.Equal(t, 2, items, "one config.items a minion")
			assert.Zero(t, gets, "no config.get after a failed config.items")
			r := checker.Explain(checker.Check{Name: checker.NameFailover}, checker.Result{Verdict: checker.Invalid}, h)
			assert.NotContains(t, r.Cause, "master_alive_interval", "no setting is blamed without its record")
		})
	}
}

// recordThenStop records f's configuration, then a stop of salt-master-1,
// and returns the history.
func recordThenStop(t *testing.T, f *scenariotest.Lab) []history.Entry {
	t.Helper()
	path := filepath.Join(t.TempDir(), history.FileName)
	rec, err := history.Create(path)
	require.NoError(t, err)
	RecordLabConfig(context.Background(), Deps{Lab: f, History: rec})
	_, err = rec.Append(history.Entry{Type: history.Fault, Kind: "stop", Target: "salt-master-1", Phase: history.Start})
	require.NoError(t, err)
	require.NoError(t, rec.Close())
	h, err := history.Read(path)
	require.NoError(t, err)
	return h
}

// TestRecordedPinsKeepTheDNSRuleSilent: the failover topology's minions
// name their masters, pinned in /etc/hosts by compose extra_hosts; what the
// run records of them must keep the DNS diagnosis from blaming those names
// when a failover check fails for another reason.
func TestRecordedPinsKeepTheDNSRuleSilent(t *testing.T) {
	f := scenariotest.NewLab()
	f.EtcHosts = "127.0.0.1\tlocalhost\n172.30.5.11\tsalt-master-1\n172.30.5.12\tsalt-master-2\n172.30.5.140\tminion\n"
	h := recordThenStop(t, f)
	r := checker.Explain(checker.Check{Name: checker.NameFailover}, checker.Result{Verdict: checker.Invalid}, h)
	assert.Empty(t, r.Cause)
}

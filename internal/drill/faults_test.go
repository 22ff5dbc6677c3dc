package drill

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// TestAVerbOnTheContainerEndsTheFaultItMended: booting a stopped master
// ends its stop fault's window in the history then (not at the drill's
// end); a verb that does not undo a fault (boot of a frozen daemon's
// container) leaves it open; a restart ends a frozen daemon's.
func TestAVerbOnTheContainerEndsTheFaultItMended(t *testing.T) {
	rec, err := history.Create(filepath.Join(t.TempDir(), history.FileName))
	require.NoError(t, err)
	defer rec.Close()
	for _, e := range []history.Entry{
		{Type: history.Fault, Phase: history.Start, Kind: history.FaultStop, Target: "salt-master-1", FaultID: "drill-0"},
		{Type: history.Fault, Phase: history.Start, Kind: history.FaultProcStop, Target: "salt-master-2", Program: "salt-master", FaultID: "drill-1"},
		{Type: history.Fault, Phase: history.Start, Kind: history.FaultStop, Target: "salt-master-2", FaultID: "other"},
		{Type: history.Fault, Phase: history.Start, Kind: "partition", Target: "salt-minion-1", FaultID: "drill-2"},
		{Type: history.Fault, Phase: history.Start, Kind: "isolate", Target: "salt-minion-2", FaultID: "drill-3"},
	} {
		_, err := rec.Append(e)
		require.NoError(t, err)
	}
	s := &Session{hist: rec}
	open := func() []string {
		h, err := history.Read(rec.Path())
		require.NoError(t, err)
		var ids []string
		for id := range openFaults(h) {
			ids = append(ids, id)
		}
		return ids
	}
	require.ElementsMatch(t, []string{"drill-0", "drill-1", "drill-2", "drill-3"}, open(), "only the drill's own faults")
	s.mendFaults("boot", "salt-master-1")
	assert.ElementsMatch(t, []string{"drill-1", "drill-2", "drill-3"}, open())
	s.mendFaults("boot", "salt-master-2")
	assert.ElementsMatch(t, []string{"drill-1", "drill-2", "drill-3"}, open(), "booting a running container wakes no frozen daemon")
	s.mendFaults("reconnect", "salt-master-2")
	assert.ElementsMatch(t, []string{"drill-1", "drill-2", "drill-3"}, open(), "reconnecting mends no daemon")
	s.mendFaults("reconnect", "salt-minion-1")
	assert.ElementsMatch(t, []string{"drill-1", "drill-3"}, open(), "reconnect ends the network fault on its target")
	s.mendFaults("restart", "salt-minion-2")
	assert.ElementsMatch(t, []string{"drill-1"}, open(), "a restart leaves a network fault's rules in the old namespace")
	s.mendFaults("restart", "salt-master-2")
	assert.Empty(t, open())
	h, err := history.Read(rec.Path())
	require.NoError(t, err)
	last := h[len(h)-1]
	assert.Equal(t, history.End, last.Phase)
	assert.Equal(t, "salt-master", last.Program, "the end names the fault as its start did")
}

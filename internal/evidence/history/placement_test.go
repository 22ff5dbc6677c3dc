package history

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlacementNamesTheNode: on a swarm, each entry about a placed
// container carries the node that runs it, found by Node, a fault's first
// target or an event's master, without asking any engine; on compose (no
// placement) none does.
func TestPlacementNamesTheNode(t *testing.T) {
	r, err := Create(filepath.Join(t.TempDir(), FileName))
	require.NoError(t, err)
	defer r.Close()
	tests := []struct {
		name  string
		entry Entry
		want  string
	}{
		{"an operation by its node", Entry{Type: Invoke, Node: "salt-minion-1", Target: "salt-master-1"}, "node1"},
		{"a fault by its first target", Entry{Type: Fault, Target: "salt-master-1,salt-minion-1", Phase: Start}, "node2"},
		{"a partition by its side", Entry{Type: Fault, Target: "salt-master-2|salt-minion-1", Phase: Start}, "node3"},
		{"an event by its master", Entry{Type: Event, Master: "salt-master-2", Tag: "salt/auth"}, "node3"},
		{"a health entry", Entry{Type: Health, Node: "salt-master-1", Health: Paused}, "node2"},
		{"a host process", Entry{Type: Invoke, Process: "host", Node: "host"}, ""},
		{"a host already named", Entry{Type: Clock, Host: "node3"}, "node3"},
	}
	where := map[string]string{"salt-minion-1": "node1", "salt-master-1": "node2", "salt-master-2": "node3"}
	r.SetPlacement(where)
	where["salt-minion-1"] = "changed" // the view keeps its own copy
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := r.Append(tc.entry)
			require.NoError(t, err)
			assert.Equal(t, tc.want, e.Host)
		})
	}
	r.SetPlacement(nil)
	e, err := r.Append(Entry{Type: Invoke, Node: "salt-minion-1"})
	require.NoError(t, err)
	assert.Empty(t, e.Host, "compose: no host")
	back, err := r.Read()
	require.NoError(t, err)
	assert.Equal(t, "node1", back[0].Host, "the host is written to the file")
}

func TestClockEntry(t *testing.T) {
	at := time.Date(2026, 12, 6, 14, 0, 0, 0, time.UTC)
	e := ClockEntry("node2", at, -1500*time.Microsecond, 250*time.Microsecond)
	assert.Equal(t, Clock, e.Type)
	assert.Equal(t, "node2", e.Host)
	assert.Equal(t, at, e.Time)
	var v ClockValue
	require.NoError(t, json.Unmarshal(e.Value, &v))
	assert.Equal(t, ClockValue{OffsetNS: -1500000, UncertaintyNS: 250000}, v)
}

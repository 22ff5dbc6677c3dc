package checker

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// items records settings the way the lab does since config.items: one
// operation for the keys the options hold, config.get for the others.
func (b *hist) items(minion string, inItems map[string]string, viaGet map[string]string) {
	v := history.ConfigItems{Values: map[string]json.RawMessage{}}
	for k, raw := range inItems {
		v.Values[k] = json.RawMessage(raw)
	}
	val, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	b.op(0, time.Millisecond, history.OK, history.ConfigItemsLocalOp, minion, minion, string(val), "")
	b.conf(minion, viaGet)
}

// A config.items record gives each key its value and cites its entry,
// beside config.get records of the keys it lacked; a failed one gives none.
func TestRecordedConfReadsConfigItems(t *testing.T) {
	var b hist
	b.items("salt-minion-1", map[string]string{"master": `["salt-master-1","salt-master-2"]`, "master_type": `"failover"`, "zmq_monitor": `true`},
		map[string]string{"publish_port": `""`})
	c := recordedConf(b.h)
	n := c.minions["salt-minion-1"]
	require.NotNil(t, n)
	mt, ok := n.str("master_type")
	assert.True(t, ok)
	assert.Equal(t, "failover", mt)
	mon, ok := n.boolean("zmq_monitor")
	assert.True(t, ok)
	assert.True(t, mon)
	f, ok := n.fact("master")
	require.True(t, ok)
	assert.Equal(t, "master = [salt-master-1, salt-master-2]", f.text)
	assert.Equal(t, b.h[1].Index, f.entry, "the fact cites the config.items completion")
	pp, ok := n.fact("publish_port")
	require.True(t, ok, "the key config.items lacked comes from config.get")
	assert.NotEqual(t, f.entry, pp.entry)
	_, ok = n.fact("transport")
	assert.False(t, ok, "a key neither recorded is unknown")

	b.h[1].Type, b.h[1].Value, b.h[1].Error = history.Fail, nil, "exit 1: read failed"
	_, ok = recordedConf(b.h).minions["salt-minion-1"].fact("master")
	assert.False(t, ok, "a failed config.items is no evidence")
}

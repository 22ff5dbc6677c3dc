package minion

import (
	"context"
	"strings"
	"testing"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// __master_connected is acted on only when master_type is not failover and
// the Minion is not connected (§1.10, Minion.handle_event). The double's
// alive job always checks for connected=True (the 3006 path of §1.10 runs
// eval_master on a disconnect instead of re-arming the job with
// connected=False), so the event reaches a running minion only from the
// bus; this test fires it there directly.
func TestMasterConnectedEvent(t *testing.T) {
	const line = "[INFO    ] Connection to master salt-master-1 re-established"
	tests := []struct {
		name       string
		masterType string
		connected  bool
		wantLine   bool
	}{
		{name: "str mode, disconnected: re-established", masterType: "str", connected: false, wantLine: true},
		{name: "str mode, already connected: ignored", masterType: "str", connected: true},
		{name: "failover, disconnected: ignored", masterType: "failover", connected: false},
		{name: "failover, connected: ignored", masterType: "failover", connected: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf strings.Builder
			m := &Manager{deps: Deps{Log: saltlog.New("salt.minion", &buf, saltlog.Debug)}}
			mn := m.newMinion(config.Opts{"master": "salt-master-1", "master_type": tc.masterType})
			mn.connected = tc.connected
			require.NoError(t, mn.handleEvent(context.Background(), event{Tag: tagConnected, Master: "salt-master-1"}))
			if tc.wantLine {
				assert.Contains(t, buf.String(), line)
				assert.True(t, mn.connected)
			} else {
				assert.NotContains(t, buf.String(), "re-established")
				assert.Equal(t, tc.connected, mn.connected)
			}
		})
	}
}

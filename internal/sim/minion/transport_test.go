package minion_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// transport: tcp leaves the __master_alive_<host> job out (§1.9): a dead
// master is not noticed by it. The double does not implement the TCP
// transport's own disconnect callback, so nothing notices it at all; the
// zeromq row shows the same setup noticing it through the alive job.
func TestTransportTCPHasNoAliveJob(t *testing.T) {
	const lost = "Connection to master salt-master-1 lost"
	tests := []struct {
		transport string
		noticed   bool
	}{
		{transport: "zeromq", noticed: true},
		{transport: "tcp", noticed: false},
	}
	for _, tc := range tests {
		t.Run(tc.transport, func(t *testing.T) {
			t.Parallel()
			l := newDaemonLab(t, nil, "127.0.0.1")
			m := l.startAlive(t, map[string]any{"transport": tc.transport})
			l.masters[0].Stop()
			if tc.noticed {
				waitCount(t, m, lost, 1)
				return
			}
			// The publish subscriber retries every second and logs each
			// failure: three failures span at least 2 s, ten alive intervals.
			waitCount(t, m, "Publish connection to 127.0.0.1:", 3)
			assert.NotContains(t, m.Log.String(), lost)
			assert.NotContains(t, m.Log.String(), "Firing event __master_disconnected")
			assert.Equal(t, []string{"salt-master-1"}, m.Masters())
		})
	}
}

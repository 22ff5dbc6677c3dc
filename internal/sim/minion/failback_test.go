package minion_test

import (
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// master_failback (§1.11): a failover minion that moved to master-2 pings
// master_list[0] every master_failback_interval (here := the alive
// interval) and, once master-1 answers again, reconnects from the original
// list. Without master_failback it stays on master-2.
func TestMasterFailback(t *testing.T) {
	tests := []struct {
		name     string
		failback bool
		backTo   string
	}{
		{name: "failback returns to master-1", failback: true, backTo: "salt-master-1"},
		{name: "without failback the minion stays on master-2", failback: false, backTo: "salt-master-2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l := newDaemonLab(t, nil, "127.0.0.1", "127.0.0.2")
			o := l.failoverMinion(0.2)
			o["master_failback"] = tc.failback
			o["master_tries"] = -1
			m := simtest.StartMinion(t, o, l.r)
			simtest.WaitConnected(t, m, "salt-master-1", 5*time.Second)
			l.masters[0].Stop()
			simtest.WaitConnected(t, m, "salt-master-2", 5*time.Second)
			moved := len(m.Log.String())

			back := simtest.StartMaster(t, l.masters[0].Opts)
			if tc.failback {
				simtest.WaitConnected(t, m, "salt-master-1", 5*time.Second)
				simtest.WaitSubscribed(t, back, 5*time.Second, "m1")
				lines := []string{
					"[INFO    ] Connection to master salt-master-2 lost",
					"[INFO    ] Trying to tune in to next master from master-list",
					"[DEBUG   ] Connecting to master. Attempt 1 (infinite attempts)",
					"[INFO    ] Re-initialising subsystems for new master salt-master-1",
					"[INFO    ] Minion is ready to receive requests!",
				}
				// The ready line follows the connection by the pillar compile.
				require.Eventually(t, func() bool { return simtest.InOrder(m.Log.String()[moved:], lines) },
					5*time.Second, 20*time.Millisecond)
				after := m.Log.String()[moved:]
				simtest.AssertInOrder(t, after, lines)
				assert.NotContains(t, after, "Moving possibly failed master salt-master-2")
				return
			}
			// Without failback nothing pings master-1. The old
			// __master_alive_salt-master-1 job keeps running after the move
			// (§1.10, issue #40143) and logs each run that finds master-1
			// unconnected: five runs with master-1 up span four alive
			// intervals, in which a failback ping would have fired.
			backAt := len(m.Log.String())
			require.Eventually(t, func() bool {
				return strings.Count(m.Log.String()[backAt:], "Firing event __master_disconnected for master salt-master-1") >= 5
			}, 5*time.Second, 20*time.Millisecond, "log:\n%s", m.Log.String())
			assert.Equal(t, []string{tc.backTo}, m.Masters())
			assert.NotContains(t, m.Log.String()[moved:], "Connection to master salt-master-2 lost")
			_ = back
		})
	}
}

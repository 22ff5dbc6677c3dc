package minion_test

import (
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
)

// resolve_dns warns `Master ip address changed from <old> to <new>` when the
// master it resolves has another address than opts' master_ip (§1.7, Salt's
// dns tests and failover docs).
func TestMasterIPChangedWarning(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{name: "a master's name resolves to a new address on reconnect", run: func(t *testing.T) {
			l := newDaemonLab(t, nil, "127.0.0.1")
			m := l.startAlive(t, nil)
			assert.NotContains(t, m.Log.String(), "Master ip address changed")
			// The master comes back under the same name at another address.
			moved := l.masters[0].Opts.Copy()
			moved["interface"] = "127.0.0.2"
			l.masters[0].Stop()
			l.r.Set("salt-master-1", "127.0.0.2")
			simtest.StartMaster(t, moved)
			waitCount(t, m, "Re-initialising subsystems for new master salt-master-1", 1)
			assert.Contains(t, m.Log.String(), "[WARNING ] Master ip address changed from 127.0.0.1 to 127.0.0.2")
		}},
		{name: "failover to the next master's address", run: func(t *testing.T) {
			l := newDaemonLab(t, nil, "127.0.0.1", "127.0.0.2")
			o := l.failoverMinion(0.2)
			m := simtest.StartMinion(t, o, l.r)
			simtest.WaitConnected(t, m, "salt-master-1", 5*time.Second)
			// The startup pre-pass resolves salt-master-2 before any address is stored.
			assert.NotContains(t, m.Log.String(), "Master ip address changed")
			l.masters[0].Stop()
			simtest.WaitConnected(t, m, "salt-master-2", 5*time.Second)
			assert.Contains(t, m.Log.String(), "[WARNING ] Master ip address changed from 127.0.0.1 to 127.0.0.2")
		}},
		{name: "same address on reconnect: no warning", run: func(t *testing.T) {
			l := newDaemonLab(t, nil, "127.0.0.1")
			m := l.startAlive(t, nil)
			l.masters[0].Stop()
			simtest.StartMaster(t, l.masters[0].Opts)
			waitCount(t, m, "Re-initialising subsystems for new master salt-master-1", 1)
			assert.NotContains(t, m.Log.String(), "Master ip address changed")
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.run(t)
		})
	}
}

package minion_test

import (
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A failover minion whose masters are all down keeps evaluating its list
// (master_tries: -1) while its old __master_alive_<host> job goes on firing
// __master_disconnected (issue #40143). Salt handles each of those at once,
// unconnected, and ignores it (§1.10); when master-1 comes back the minion
// signs in to it and stays. The double used to queue them and replay them
// against the restarted master, reconnecting over and over.
func TestMinionSettlesOnRestartedMaster(t *testing.T) {
	tests := []struct {
		name    string
		restart int // index of the master started again
	}{
		{name: "the master it was signed in to", restart: 0},
		{name: "the other master", restart: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l := newDaemonLab(t, nil, "127.0.0.1", "127.0.0.2")
			// Alive every 0.5 s, not shorter: an alive run already under way when
			// the minion signs in again can still find no publish connection and
			// fire once, in Salt too (INFER); a longer interval makes that rare.
			o := l.failoverMinion(0.5)
			o["master_tries"] = -1
			m := simtest.StartMinion(t, o, l.r)
			simtest.WaitConnected(t, m, "salt-master-1", 5*time.Second)
			l.masters[1].Stop()
			l.masters[0].Stop()
			// Several alive runs find master-1 gone while eval_master loops.
			require.Eventually(t, func() bool {
				return strings.Count(m.Log.String(), "Firing event __master_disconnected for master salt-master-1") >= 3
			}, 5*time.Second, 20*time.Millisecond, "log:\n%s", m.Log.String())

			name := []string{"salt-master-1", "salt-master-2"}[tc.restart]
			back := simtest.StartMaster(t, l.masters[tc.restart].Opts)
			simtest.WaitConnected(t, m, name, 10*time.Second)
			simtest.WaitSubscribed(t, back, 5*time.Second, "m1")
			settled := len(m.Log.String())

			// Six alive intervals: a replayed event would tear it down.
			assert.Never(t, func() bool {
				return strings.Contains(m.Log.String()[settled:], "Connection to master "+name+" lost")
			}, 3*time.Second, 20*time.Millisecond, "log:\n%s", m.Log.String())
			assert.Equal(t, []string{name}, m.Masters())
			subs, err := back.Subscribed()
			require.NoError(t, err)
			assert.Equal(t, []string{"m1"}, subs)
		})
	}
}

package minion_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type daemonLab struct {
	r       *simtest.Resolver
	pub     int
	ret     int
	root    string
	masters []*simtest.Master
}

func newDaemonLab(t *testing.T, masterMods map[string]any, ips ...string) *daemonLab {
	t.Helper()
	l := &daemonLab{r: simtest.NewResolver(), root: simtest.TempDir(t)}
	l.pub, l.ret = simtest.Ports(t, "127.0.0.1", "127.0.0.2")
	for i, ip := range ips {
		name := []string{"salt-master-1", "salt-master-2"}[i]
		l.r.Set(name, ip)
		o := simtest.MasterOpts(filepath.Join(l.root, name), ip, l.pub, l.ret, filepath.Join(l.root, "pki-master"))
		for k, v := range masterMods {
			o[k] = v
		}
		l.masters = append(l.masters, simtest.StartMaster(t, o))
	}
	return l
}

// failoverMinion is the options of minion m1 listing both masters in
// failover mode, its alive check every alive seconds: the shape every
// failover test here starts from.
func (l *daemonLab) failoverMinion(alive float64) config.Opts {
	o := simtest.MinionOpts(filepath.Join(l.root, "mi"), "m1", []any{"salt-master-1", "salt-master-2"}, l.pub, l.ret)
	return o.Set("master_type", "failover").Set("master_alive_interval", alive)
}

func TestMinionDaemon(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{name: "pending key retries every acceptance_wait_time until accepted", run: func(t *testing.T) {
			l := newDaemonLab(t, map[string]any{"auto_accept": false}, "127.0.0.1")
			o := simtest.MinionOpts(filepath.Join(l.root, "mi"), "m1", nil, l.pub, l.ret).Set("master", "salt-master-1")
			m := simtest.StartMinion(t, o, l.r)
			dirs := pki.KeyDirs{Root: l.masters[0].Opts.Str("pki_dir")}
			require.Eventually(t, func() bool { return len(dirs.List(pki.Pending)) == 1 }, 5*time.Second, 20*time.Millisecond)
			require.Eventually(t, func() bool {
				return assert.ObjectsAreEqual(2, countSubstr(m.Log.String(), "The Salt Master has cached the public key for this node"))
			}, 5*time.Second, 20*time.Millisecond)
			require.NoError(t, dirs.Move(pki.Pending, pki.Accepted, "m1"))
			simtest.WaitConnected(t, m, "salt-master-1", 5*time.Second)
			assert.Contains(t, l.masters[0].Log.String(), "New public key for m1 placed in pending")
		}},
		{name: "rejected key on one hot master exits 77", run: func(t *testing.T) {
			l := newDaemonLab(t, nil, "127.0.0.1", "127.0.0.2")
			o := simtest.MinionOpts(filepath.Join(l.root, "mi"), "m1", []any{"salt-master-1", "salt-master-2"}, l.pub, l.ret)
			kp, err := pki.LoadOrCreate(o.Str("pki_dir"), "minion")
			require.NoError(t, err)
			require.NoError(t, pki.KeyDirs{Root: l.masters[1].Opts.Str("pki_dir")}.Write(pki.Rejected, "m1", kp.PubPEM))
			m := simtest.StartMinion(t, o, l.r)
			select {
			case <-m.Done():
				assert.Equal(t, 77, m.Code())
			case <-time.After(10 * time.Second):
				t.Fatal("minion did not exit")
			}
			assert.Contains(t, m.Log.String(), "[CRITICAL] The Salt Master has rejected this minion's public key!")
		}},
		{name: "hot mode keeps the healthy master when the other is down", run: func(t *testing.T) {
			l := newDaemonLab(t, nil, "127.0.0.1")
			l.r.Set("salt-master-2", "127.0.0.2") // resolvable, nothing listening
			o := simtest.MinionOpts(filepath.Join(l.root, "mi"), "m1", []any{"salt-master-1", "salt-master-2"}, l.pub, l.ret)
			o["auth_tries"] = 1
			m := simtest.StartMinion(t, o, l.r)
			require.Eventually(t, func() bool {
				ms := m.Masters()
				return len(ms) == 2 && ms[0] == "salt-master-1" && ms[1] == ""
			}, 5*time.Second, 20*time.Millisecond)
			require.Eventually(t, func() bool {
				return countSubstr(m.Log.String(), "Error while bringing up minion for multi-master. Is master at salt-master-2 responding?") > 0
			}, 5*time.Second, 20*time.Millisecond)
		}},
		{name: "failover with master_tries 1 and all masters dead restarts (exit 0)", run: func(t *testing.T) {
			l := newDaemonLab(t, nil, "127.0.0.1")
			l.r.Set("salt-master-2", "127.0.0.2")
			o := l.failoverMinion(0.5)
			m := simtest.StartMinion(t, o, l.r)
			simtest.WaitConnected(t, m, "salt-master-1", 5*time.Second)
			l.masters[0].Stop()
			select {
			case <-m.Done():
				assert.Equal(t, 0, m.Code())
			case <-time.After(10 * time.Second):
				t.Fatal("minion did not restart")
			}
			log := m.Log.String()
			assert.Contains(t, log, "Connection to master salt-master-1 lost")
			assert.Contains(t, log, "No master could be reached or all masters denied the minion's connection attempt.")
		}},
		{name: "hot mode reconnects to the same master when it returns", run: func(t *testing.T) {
			l := newDaemonLab(t, nil, "127.0.0.1")
			o := simtest.MinionOpts(filepath.Join(l.root, "mi"), "m1", []any{"salt-master-1"}, l.pub, l.ret)
			o["master_alive_interval"] = 0.5
			o["master_tries"] = -1
			m := simtest.StartMinion(t, o, l.r)
			simtest.WaitConnected(t, m, "salt-master-1", 5*time.Second)
			l.masters[0].Stop()
			require.Eventually(t, func() bool { return countSubstr(m.Log.String(), "Connection to master salt-master-1 lost") == 1 },
				5*time.Second, 20*time.Millisecond)
			restarted := simtest.StartMaster(t, l.masters[0].Opts)
			simtest.WaitConnected(t, m, "salt-master-1", 10*time.Second)
			assert.Contains(t, m.Log.String(), "Re-initialising subsystems for new master salt-master-1")
			_ = restarted
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.run(t)
		})
	}
}

func countSubstr(s, sub string) int {
	n := 0
	for i := 0; ; {
		j := indexFrom(s, sub, i)
		if j < 0 {
			return n
		}
		n++
		i = j + len(sub)
	}
}

func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	for i := from; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

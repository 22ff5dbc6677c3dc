package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/saltlab/saltlab/internal/sim/simver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lab is the first lab scenario in miniature: two masters sharing one
// pki_dir, auto_accept, two failover minions listing both masters by name.
type lab struct {
	r         *simtest.Resolver
	m1, m2    *simtest.Master
	m1Conf    string
	m2Conf    string
	minions   []*simtest.Minion
	minRes    []*simtest.Counted // each minion's view of r, counting its failed lookups
	minConfs  []string
	aliveIval time.Duration
}

func newLab(t *testing.T, minionExtra map[string]any) *lab {
	t.Helper()
	return newLabAs(t, minionExtra, 0)
}

// newLabAs is newLab with minions behaving as release line rel.
func newLabAs(t *testing.T, minionExtra map[string]any, rel simver.Release) *lab {
	t.Helper()
	root := simtest.TempDir(t)
	r := simtest.NewResolver("salt-master-1", "127.0.0.1", "salt-master-2", "127.0.0.2")
	pub, ret := simtest.Ports(t, "127.0.0.1", "127.0.0.2")
	sharedPKI := filepath.Join(root, "pki-master")
	l := &lab{r: r, aliveIval: time.Second}
	o1 := simtest.MasterOpts(filepath.Join(root, "m1"), "127.0.0.1", pub, ret, sharedPKI)
	l.m1 = simtest.StartMaster(t, o1)
	// master-2 starts after master-1 wrote the shared keys.
	o2 := simtest.MasterOpts(filepath.Join(root, "m2"), "127.0.0.2", pub, ret, sharedPKI)
	l.m2 = simtest.StartMaster(t, o2)
	l.m1Conf, l.m2Conf = filepath.Join(root, "m1", "etc"), filepath.Join(root, "m2", "etc")
	simtest.WriteConfig(t, l.m1Conf, config.Master, o1)
	simtest.WriteConfig(t, l.m2Conf, config.Master, o2)
	for _, id := range []string{"minion-1", "minion-2"} {
		dir := filepath.Join(root, id)
		o := simtest.MinionOpts(dir, id, []any{"salt-master-1", "salt-master-2"}, pub, ret)
		o["master_type"] = "failover"
		o["master_alive_interval"] = 1
		o["master_tries"] = -1
		for k, v := range minionExtra {
			o[k] = v
		}
		simtest.WriteConfig(t, dir, config.Minion, o)
		res := r.Counted()
		l.minions = append(l.minions, simtest.StartMinionAs(t, o, res, rel))
		l.minRes = append(l.minRes, res)
		l.minConfs = append(l.minConfs, dir)
	}
	return l
}

// aliveCheckSlack is what an alive check may take beyond its interval
// (scheduling, the lookup itself).
const aliveCheckSlack = 2 * time.Second

func decodeJSON(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(s), &m), "output: %q", s)
	return m
}

func TestFailoverLabScenario(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		dropDNS bool // Docker: a stopped container's name stops resolving
		release simver.Release
		extra   map[string]any // minion options
		strands bool           // the daemons stay with the stopped master
		monitor bool           // the ZeroMQ monitor, not the alive check, moves them
	}{
		{name: "master process stopped, name still resolves"},
		{name: "master container stopped, name no longer resolves", dropDNS: true, strands: true},
		// Real 3008.4 left a stopped master whose name was gone 0.1 s after
		// its minions resumed (2026-11-27): the publish socket's monitor
		// fires __master_disconnected without resolving anything.
		{name: "3008: master container stopped, name no longer resolves: the ZeroMQ monitor moves the minions",
			dropDNS: true, release: simver.Release3008, monitor: true},
		{name: "3008 with zmq_monitor False: stranded as on 3006", dropDNS: true, release: simver.Release3008,
			extra: map[string]any{"zmq_monitor": false}, strands: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			l := newLabAs(t, tc.extra, tc.release)
			pub1, err := os.ReadFile(filepath.Join(l.m1.Opts.Str("pki_dir"), "master.pub"))
			require.NoError(t, err)
			for _, m := range l.minions {
				simtest.WaitConnected(t, m, "salt-master-1", 10*time.Second)
			}
			simtest.WaitSubscribed(t, l.m1, 10*time.Second, "minion-1", "minion-2")
			res := run(t, l.r, "", "salt", "-c", l.m1Conf, "*", "test.ping", "--out=json", "--static")
			require.Equal(t, 0, res.code, res.stderr)
			assert.Equal(t, map[string]any{"minion-1": true, "minion-2": true}, decodeJSON(t, res.stdout))

			l.m1.Stop()
			if tc.dropDNS {
				l.r.Set("salt-master-1")
			}

			// (a) + (b): salt-call takes the list path and lands on master-2.
			for _, dir := range l.minConfs {
				res := run(t, l.r, "", "salt-call", "-c", dir, "--out=json", "test.ping")
				require.Equal(t, 0, res.code, res.stderr)
				assert.JSONEq(t, `{"local": true}`, res.stdout)
				assert.Less(t, res.took, 5*time.Second)
				res = run(t, l.r, "", "salt-call", "-c", dir, "--out=json", "config.get", "master")
				require.Equal(t, 0, res.code, res.stderr)
				assert.Equal(t, "{\n    \"local\": \"salt-master-2\"\n}\n", res.stdout)
			}

			if tc.strands {
				// §1.9: status.master cannot resolve the name, returns None and
				// fires nothing — the daemons never fail over (real Salt too).
				// The absence is observed over two whole alive checks of every
				// minion: each check is one failed lookup of the name, and the
				// third begins only after the second ended (runs are sequential).
				base := make([]int, len(l.minRes))
				for i, res := range l.minRes {
					base[i] = res.Misses("salt-master-1")
				}
				for i, res := range l.minRes {
					require.Eventually(t, func() bool { return res.Misses("salt-master-1") >= base[i]+3 }, 4*l.aliveIval+aliveCheckSlack, l.aliveIval/10,
						"minion %d did not look salt-master-1 up three times", i+1)
				}
				for _, m := range l.minions {
					assert.Equal(t, []string{"salt-master-1"}, m.Masters())
					assert.NotContains(t, m.Log.String(), "Connection to master salt-master-1 lost")
				}
				res = run(t, l.r, "", "salt", "-c", l.m2Conf, "*", "test.ping", "--out=json", "--static")
				assert.Equal(t, 2, res.code)
				assert.Equal(t, "{}\n", res.stdout)
				return
			}
			// (c): detection within master_alive_interval (+1 s scheduling) plus sign-in.
			bound := 2*l.aliveIval + 3*time.Second
			for _, m := range l.minions {
				simtest.WaitConnected(t, m, "salt-master-2", bound)
				log := m.Log.String()
				for _, want := range []string{
					"[INFO    ] Connection to master salt-master-1 lost",
					"[INFO    ] Trying to tune in to next master from master-list",
					"[INFO    ] Moving possibly failed master salt-master-1 to the end of the list of masters",
					"[INFO    ] Re-initialising subsystems for new master salt-master-2",
					"[INFO    ] Minion is ready to receive requests!",
				} {
					assert.Contains(t, log, want)
				}
				if tc.monitor {
					assert.Contains(t, log, "EVENT_DISCONNECTED; firing __master_disconnected for master salt-master-1")
				} else {
					assert.NotContains(t, log, "EVENT_DISCONNECTED")
				}
			}
			res = run(t, l.r, "", "salt", "-c", l.m2Conf, "*", "test.ping", "--out=json", "--static")
			require.Equal(t, 0, res.code, res.stderr)
			assert.Equal(t, map[string]any{"minion-1": true, "minion-2": true}, decodeJSON(t, res.stdout))
			pub2, err := os.ReadFile(filepath.Join(l.m2.Opts.Str("pki_dir"), "master.pub"))
			require.NoError(t, err)
			assert.Equal(t, string(pub1), string(pub2), "masters share one key pair")
		})
	}
}

package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/minion"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// swarmLab is one master on 127.0.0.1 ("salt") and a minion config for a swarm.
type swarmLab struct {
	r      *simtest.Resolver
	master *simtest.Master
	conf   string
	minion config.Opts
}

func newSwarmLab(t testing.TB) *swarmLab {
	t.Helper()
	root := simtest.TempDir(t)
	pub, ret := simtest.Ports(t, "127.0.0.1")
	mo := simtest.MasterOpts(filepath.Join(root, "master"), "127.0.0.1", pub, ret, filepath.Join(root, "master", "pki"))
	l := &swarmLab{r: simtest.NewResolver("salt", "127.0.0.1"), conf: filepath.Join(root, "master", "etc")}
	l.master = simtest.StartMaster(t, mo)
	simtest.WriteConfig(t, l.conf, config.Master, mo)
	l.minion = simtest.MinionOpts(filepath.Join(root, "swarm"), "", nil, pub, ret).Set("master", "salt")
	delete(l.minion, "id")
	return l
}

// startSwarm runs a swarm until the test ends and waits until every minion
// is connected.
func (l *swarmLab) startSwarm(t testing.TB, n int, pattern string, log *saltlog.Logger) *minion.Swarm {
	t.Helper()
	sw, err := minion.NewSwarm(l.minion, minion.Deps{
		Resolver: l.r, Log: log, Probe: 200 * time.Millisecond,
		Hostname: func() (string, error) { return "testhost", nil },
	}, n, pattern, "")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- sw.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			t.Errorf("swarm did not stop")
		}
	})
	require.Eventually(t, func() bool {
		for _, m := range sw.Managers {
			if ms := m.Masters(); len(ms) != 1 || ms[0] != "salt" {
				return false
			}
		}
		return true
	}, time.Duration(n)*time.Second+10*time.Second, 50*time.Millisecond, "swarm did not connect")
	ids := make([]string, 0, n)
	for _, m := range sw.Managers {
		ids = append(ids, m.ID())
	}
	simtest.WaitSubscribed(t, l.master, 10*time.Second, ids...)
	return sw
}

func TestSwarm(t *testing.T) {
	t.Parallel()
	l := newSwarmLab(t)
	sw := l.startSwarm(t, 5, "node-%02d", saltlog.New("salt.minion", &simtest.Buffer{}, saltlog.Debug))
	ids := make([]string, 0, len(sw.Managers))
	fingers := map[string]bool{}
	for _, m := range sw.Managers {
		ids = append(ids, m.ID())
		fingers[pki.FingerFile(filepath.Join(l.minion.Str("pki_dir"), m.ID(), "minion.pub"))] = true
	}
	assert.Equal(t, []string{"node-01", "node-02", "node-03", "node-04", "node-05"}, ids)
	assert.Len(t, fingers, 5, "every swarm minion has its own key pair under pki_dir/<id>/")
	accepted := pki.KeyDirs{Root: l.master.Opts.Str("pki_dir")}.List(pki.Accepted)
	sort.Strings(accepted)
	assert.Equal(t, ids, accepted)

	res := run(t, l.r, "", "salt", "-c", l.conf, "--out=json", "--out-indent=-1", "-t", "10", "*", "test.ping")
	require.Equal(t, 0, res.code, res.stderr)
	lines := strings.Split(strings.TrimSpace(res.stdout), "\n")
	sort.Strings(lines)
	var want []string
	for _, id := range ids {
		want = append(want, fmt.Sprintf(`{%q: true}`, id))
	}
	assert.Equal(t, want, lines)
}

func TestSwarmSettings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		env     map[string]string
		ok      bool
		n       int
		pattern string
		err     string
	}{
		{name: "unset", env: map[string]string{}},
		{name: "count and pattern", env: map[string]string{"SALTSIM_SWARM": "100", "SALTSIM_SWARM_ID": "s-%03d"}, ok: true, n: 100, pattern: "s-%03d"},
		{name: "count only", env: map[string]string{"SALTSIM_SWARM": " 3 "}, ok: true, n: 3},
		{name: "zero", env: map[string]string{"SALTSIM_SWARM": "0"}, err: `parse SALTSIM_SWARM="0": want a positive number of minions`},
		{name: "not a number", env: map[string]string{"SALTSIM_SWARM": "many"}, err: `parse SALTSIM_SWARM="many"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, pattern, ok, err := swarmSettings(&Env{Getenv: func(k string) string { return tc.env[k] }})
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.n, n)
			assert.Equal(t, tc.pattern, pattern)
		})
	}
}

func TestNewSwarmErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		n       int
		pattern string
		err     string
	}{
		{name: "size 0", n: 0, err: "size must be at least 1, got 0"},
		{name: "no verb", n: 2, pattern: "fixed", err: `id pattern "fixed" needs exactly one %d-style verb`},
		{name: "two verbs", n: 2, pattern: "a%db%d", err: "needs exactly one"},
		{name: "string verb", n: 2, pattern: "a-%s", err: `does not format an integer`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := config.MinionDefaults()
			o["pki_dir"] = t.TempDir()
			_, err := minion.NewSwarm(o, minion.Deps{}, tc.n, tc.pattern, "")
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
}

// TestSwarmKeyCache: a swarm given a key cache keeps the keys it
// generated, and the next swarm (the next lab) starts with the same keys
// instead of generating its own.
func TestSwarmKeyCache(t *testing.T) {
	t.Parallel()
	cache := t.TempDir()
	fingers := func() []string {
		o := simtest.MinionOpts(simtest.TempDir(t), "", nil, 4505, 4506)
		delete(o, "id")
		sw, err := minion.NewSwarm(o, minion.Deps{}, 3, "k-%d", cache)
		require.NoError(t, err)
		var out []string
		for _, m := range sw.Managers {
			out = append(out, pki.FingerFile(filepath.Join(o.Str("pki_dir"), m.ID(), "minion.pub")))
		}
		return out
	}
	first := fingers()
	assert.Len(t, first, 3)
	assert.Equal(t, first, fingers(), "the second swarm reuses the cached keys")
	entries, err := os.ReadDir(cache)
	require.NoError(t, err)
	assert.Len(t, entries, 3, "one cached key per minion id")
}

package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/sim/localclient"
	"github.com/saltlab/saltlab/internal/sim/simtest"
)

// syndicLab is a master of masters on 127.0.0.1 with two syndic nodes
// (salt-master + salt-syndic) on 127.0.0.2 and 127.0.0.3, all in-process:
//
//	m1 → syndic-1 only, m3 → syndic-2 only, m2 → both (hot),
//	dup → both, with minion_jid_queue_hwm 0 (dedup defeated, §6.3).
type syndicLab struct {
	r       *simtest.Resolver
	momConf string // config dir for the salt CLI on the MoM
	mom     *simtest.Master
	marker  string
}

const syndicWait = 2 * time.Second

func newSyndicLab(t *testing.T) *syndicLab {
	root := simtest.TempDir(t)
	ips := []string{"127.0.0.1", "127.0.0.2", "127.0.0.3"}
	pub, ret := simtest.Ports(t, ips...)
	r := simtest.NewResolver("mom", ips[0], "syndic-1", ips[1], "syndic-2", ips[2])
	momOpts := simtest.MasterOpts(filepath.Join(root, "mom"), ips[0], pub, ret, filepath.Join(root, "mom", "pki"))
	momOpts["order_masters"] = true
	momOpts["syndic_wait"] = syndicWait.Seconds()
	l := &syndicLab{r: r, momConf: filepath.Join(root, "mom", "conf"), marker: filepath.Join(root, "ran")}
	simtest.WriteConfig(t, l.momConf, "master", momOpts)
	l.mom = simtest.StartMaster(t, momOpts)
	for i, ip := range ips[1:] {
		id := fmt.Sprintf("syndic-%d", i+1)
		dir := filepath.Join(root, id)
		// Hot multi-master minions need one master key on both syndic
		// masters, so they share a pki_dir (as the compose topology does).
		mo := simtest.MasterOpts(dir, ip, pub, ret, filepath.Join(root, "pki-syndics"))
		mo["syndic_master"] = "mom"
		simtest.StartMaster(t, mo)
		so := simtest.StartSyndic(t, mo, simtest.MinionOpts(dir, id, nil, pub, ret), r)
		require.Eventually(t, func() bool { ms := so.Masters(); return len(ms) == 1 && ms[0] == "mom" }, 10*time.Second, 20*time.Millisecond, so.Log.String())
	}
	minions := []struct {
		id      string
		masters []any
		hwm     int
	}{
		{"m1", []any{"syndic-1"}, 100},
		{"m2", []any{"syndic-1", "syndic-2"}, 100},
		{"m3", []any{"syndic-2"}, 100},
		{"dup", []any{"syndic-1", "syndic-2"}, 0},
	}
	for _, m := range minions {
		o := simtest.MinionOpts(filepath.Join(root, m.id), m.id, m.masters, pub, ret)
		o["minion_jid_queue_hwm"] = m.hwm
		mi := simtest.StartMinion(t, o, r)
		ok := assert.Eventually(t, func() bool {
			ms := mi.Masters()
			for _, h := range ms {
				if h == "" {
					return false
				}
			}
			return len(ms) == len(m.masters)
		}, 10*time.Second, 20*time.Millisecond)
		require.True(t, ok, "minion %s not connected: %v\n%s", m.id, mi.Masters(), mi.Log.String())
	}
	return l
}

// salt runs the salt CLI on the MoM and returns the minion ids of the
// printed documents in order, plus the values by id (last wins).
func (l *syndicLab) salt(t *testing.T, args ...string) (result, []string, map[string]any) {
	t.Helper()
	res := run(t, l.r, "", "salt", append([]string{"-c", l.momConf, "--out=json", "--out-indent=-1"}, args...)...)
	var ids []string
	vals := map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(res.stdout), "\n") {
		var doc map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &doc), "stdout: %s\nstderr: %s", res.stdout, res.stderr)
		for id, v := range doc {
			ids = append(ids, id)
			vals[id] = v
		}
	}
	sort.Strings(ids)
	return res, ids, vals
}

func TestSyndicTopology(t *testing.T) {
	t.Parallel()
	l := newSyndicLab(t)

	t.Run("syndic ids are targeted and unresponsive until registered", func(t *testing.T) {
		res, ids, vals := l.salt(t, "syndic-*", "test.ping", "-t", "1")
		assert.Equal(t, 1, res.code, res.stderr)
		assert.Equal(t, []string{"syndic-1", "syndic-2"}, ids, "syndic ids are accepted keys on the MoM")
		assert.Contains(t, vals["syndic-1"], "Minion did not return. [No response]")
		// -t 1, then find_job with gather_job_timeout (1 s) extended by syndic_wait.
		assert.GreaterOrEqual(t, res.took, time.Second+time.Second+syndicWait, "the find_job wait is extended by syndic_wait")
		assert.NoDirExists(t, filepath.Join(l.mom.Opts.Str("cachedir"), "syndics"), "no syndic has returned anything yet")
	})

	t.Run("every minion answers once through the syndics", func(t *testing.T) {
		res, ids, vals := l.salt(t, "*", "test.ping", "-t", "1")
		assert.Equal(t, 0, res.code, res.stderr)
		assert.Equal(t, []string{"dup", "dup", "m1", "m2", "m3"}, ids,
			"m2 once (jid dedup), dup twice (hwm 0); the syndic ids registered during this job are not reported")
		assert.Equal(t, true, vals["m2"])
		for _, s := range []string{"syndic-1", "syndic-2"} {
			assert.FileExists(t, filepath.Join(l.mom.Opts.Str("cachedir"), "syndics", s))
		}
	})

	t.Run("syndic returns fire return events on the MoM bus", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		evs, err := localclient.New(l.mom.Opts, time.Second).Events(ctx)
		require.NoError(t, err)
		res, ids, _ := l.salt(t, "m1", "test.ping", "-t", "1")
		require.Equal(t, 0, res.code, res.stderr)
		require.Equal(t, []string{"m1"}, ids)
		deadline := time.After(eventWait)
		ret, forwarded := false, false
		for !ret || !forwarded {
			select {
			case ev, ok := <-evs:
				require.True(t, ok, "event stream closed before the return event")
				if strings.HasPrefix(ev.Tag, "salt/job/") && strings.HasSuffix(ev.Tag, "/ret/m1") {
					v, _ := ev.Data.Get("return")
					assert.Equal(t, true, v)
					ret = true
				}
				// _minion_event fires a syndic's forwarded new event under its pretag too.
				if strings.HasPrefix(ev.Tag, "syndic/") && strings.HasSuffix(ev.Tag, "/new") {
					forwarded = true
				}
			case <-deadline:
				t.Fatalf("within %v: return event on the MoM %v, forwarded syndic/<id>/salt/job/<jid>/new %v", eventWait, ret, forwarded)
			}
		}
	})

	t.Run("a job runs once on a minion under two syndics", func(t *testing.T) {
		res, ids, _ := l.salt(t, "m*", "cmd.run", "echo x >> "+l.marker)
		assert.Equal(t, 0, res.code, res.stderr)
		assert.Equal(t, []string{"m1", "m2", "m3"}, ids, "no MoM key matches m*: order_masters publishes anyway")
		assert.GreaterOrEqual(t, res.took, syndicWait, "the MoM CLI waits at least syndic_wait")
		b, err := os.ReadFile(l.marker)
		require.NoError(t, err)
		assert.Equal(t, 3, strings.Count(string(b), "\n"), "one line per minion: m2 ran once")
	})

	t.Run("dedup defeated runs the job twice", func(t *testing.T) {
		require.NoError(t, os.Remove(l.marker))
		res, ids, _ := l.salt(t, "dup", "cmd.run", "echo x >> "+l.marker)
		assert.Equal(t, 0, res.code, res.stderr)
		assert.Equal(t, []string{"dup", "dup"}, ids)
		b, err := os.ReadFile(l.marker)
		require.NoError(t, err)
		assert.Equal(t, "x\nx\n", string(b))
	})

	t.Run("static output collapses the duplicate", func(t *testing.T) {
		res, ids, _ := l.salt(t, "--static", "*", "test.ping", "-t", "1")
		assert.Equal(t, 0, res.code, res.stderr)
		assert.Equal(t, []string{"dup", "m1", "m2", "m3"}, ids)
	})
}

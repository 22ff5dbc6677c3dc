package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/saltlab/saltlab/internal/sim/wire"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests named after the surprises of salt-semantics §10 that docs/sim-fidelity.md
// maps to their test. Surprises 1, 3 and 5 are covered by existing tests
// (see the table there).

// duo is two in-process masters (salt-master-1 on 127.0.0.1, salt-master-2
// on 127.0.0.2, same ports) with their config dirs for the salt CLIs.
type duo struct {
	root     string
	r        *simtest.Resolver
	pub, ret int
	masters  [2]*simtest.Master
	confs    [2]string
}

// newDuo starts both masters with the same master key pair (§3.5). With
// sharedPKI they share one pki_dir; otherwise each has its own copy of the
// key pair and accepts minion keys separately.
func newDuo(t *testing.T, sharedPKI bool, mods ...map[string]any) *duo {
	t.Helper()
	d := &duo{root: simtest.TempDir(t), r: simtest.NewResolver("salt-master-1", "127.0.0.1", "salt-master-2", "127.0.0.2")}
	d.pub, d.ret = simtest.Ports(t, "127.0.0.1", "127.0.0.2")
	keyDir := filepath.Join(d.root, "master-key")
	_, err := pki.LoadOrCreate(keyDir, "master")
	require.NoError(t, err)
	for i, ip := range []string{"127.0.0.1", "127.0.0.2"} {
		dir := filepath.Join(d.root, fmt.Sprint("m", i+1))
		pkiDir := filepath.Join(dir, "pki")
		if sharedPKI {
			pkiDir = filepath.Join(d.root, "pki-master")
		}
		copyKeyPair(t, keyDir, pkiDir, "master")
		o := simtest.MasterOpts(dir, ip, d.pub, d.ret, pkiDir)
		if i < len(mods) {
			for k, v := range mods[i] {
				o[k] = v
			}
		}
		d.masters[i] = simtest.StartMaster(t, o)
		d.confs[i] = filepath.Join(dir, "etc")
		simtest.WriteConfig(t, d.confs[i], config.Master, o)
	}
	return d
}

func (d *duo) minionOpts(id string, masters ...any) config.Opts {
	return simtest.MinionOpts(filepath.Join(d.root, "minion-"+id), id, masters, d.pub, d.ret)
}

// salt runs the salt CLI against master i (0-based).
func (d *duo) salt(t *testing.T, i int, args ...string) result {
	t.Helper()
	return run(t, d.r, "", "salt", append([]string{"-c", d.confs[i], "--out=json", "--out-indent=-1"}, args...)...)
}

// startHot starts a hot-mode minion listing both masters and waits until
// both connections are up and subscribed.
func (d *duo) startHot(t *testing.T, id string) *simtest.Minion {
	t.Helper()
	m := simtest.StartMinion(t, d.minionOpts(id, "salt-master-1", "salt-master-2"), d.r)
	d.waitHot(t, m)
	return m
}

func (d *duo) waitHot(t *testing.T, m *simtest.Minion) {
	t.Helper()
	require.Eventually(t, func() bool {
		ms := m.Masters()
		return len(ms) == 2 && ms[0] == "salt-master-1" && ms[1] == "salt-master-2"
	}, 5*time.Second, 20*time.Millisecond)
	for _, ms := range d.masters {
		simtest.WaitSubscribed(t, ms, 5*time.Second, m.ID())
	}
}

// pendingLoops counts the minion's "key is pending" retries (§1.8).
func pendingLoops(m *simtest.Minion) int {
	return strings.Count(m.Log.String(), "The Salt Master has cached the public key for this node")
}

// waitPendingLoops waits for n more pending retries than seen so far.
func waitPendingLoops(t *testing.T, m *simtest.Minion, n int) {
	t.Helper()
	start := pendingLoops(m)
	require.Eventually(t, func() bool { return pendingLoops(m) >= start+n }, 10*time.Second, 20*time.Millisecond)
}

func waitExit(t *testing.T, m *simtest.Minion, within time.Duration) int {
	t.Helper()
	select {
	case <-m.Done():
		return m.Code()
	case <-time.After(within):
		t.Fatalf("minion did not exit within %v; log:\n%s", within, m.Log.String())
		return -1
	}
}

// §10.2: hot mode + master_alive_interval with the default master_tries 1:
// one master dying restarts the whole minion (foreground exit 0), dropping
// the healthy master's connection too.
func TestSurprise2HotModeAliveCheckRestartsWholeMinion(t *testing.T) {
	t.Parallel()
	d := newDuo(t, true)
	o := d.minionOpts("hot", "salt-master-1", "salt-master-2")
	o["master_alive_interval"] = 0.5
	o["auth_tries"] = 1
	m := simtest.StartMinion(t, o, d.r)
	d.waitHot(t, m)
	d.masters[1].Stop()
	assert.Equal(t, 0, waitExit(t, m, 20*time.Second), "foreground restart path exits 0")
	log := m.Log.String()
	assert.Contains(t, log, "Connection to master salt-master-2 lost")
	assert.Contains(t, log, "Minion could not connect to Master")
	assert.Equal(t, []string{"salt-master-1", ""}[:1], m.Masters()[:1], "healthy master's Minion object was still connected until the restart")
}

// §10.4 / §1.5: two masters behind one host with different ports. Entry
// ports are ret ports: naming the publish ports never connects; with the ret
// ports named, every return is duplicated to both masters because both
// Minion objects have opts["master"] == the same host.
func TestSurprise4SameHostMasters(t *testing.T) {
	t.Parallel()
	root := simtest.TempDir(t)
	r := simtest.NewResolver("salt", "127.0.0.1")
	pkiDir := filepath.Join(root, "pki-master")
	var pubs, rets [2]int
	var confs [2]string
	var masters [2]*simtest.Master
	for i := range 2 {
		pubs[i], rets[i] = simtest.Ports(t, "127.0.0.1")
		dir := filepath.Join(root, fmt.Sprint("m", i+1))
		o := simtest.MasterOpts(dir, "127.0.0.1", pubs[i], rets[i], pkiDir)
		masters[i] = simtest.StartMaster(t, o)
		confs[i] = filepath.Join(dir, "etc")
		simtest.WriteConfig(t, confs[i], config.Master, o)
	}
	entries := func(ports [2]int) []any {
		return []any{fmt.Sprintf("salt:%d", ports[0]), fmt.Sprintf("salt:%d", ports[1])}
	}

	t.Run("publish ports in the list never connect", func(t *testing.T) {
		o := simtest.MinionOpts(filepath.Join(root, "wrong"), "wrong", entries(pubs), 0, 0)
		delete(o, "publish_port")
		o["auth_tries"] = 1
		m := simtest.StartMinion(t, o, r)
		require.Eventually(t, func() bool {
			return strings.Count(m.Log.String(), "Error while bringing up minion for multi-master. Is master at salt:") >= 2
		}, 10*time.Second, 20*time.Millisecond, m.Log.String())
		assert.Equal(t, []string{"", ""}, m.Masters())
	})

	t.Run("publish ports in a failover list: salt-call times out on each, no key reaches a master", func(t *testing.T) {
		// The AI Infra Matrix HA guide's minion config (salt-semantics §1.5):
		// each entry names a publish socket, which never answers a sign-in.
		dir := filepath.Join(root, "documented")
		o := simtest.MinionOpts(dir, "documented", entries(pubs), 0, 0)
		delete(o, "publish_port")
		o["master_type"] = "failover"
		simtest.WriteConfig(t, dir, config.Minion, o)
		res := run(t, r, "", "salt-call", "-c", dir, "--out=json", "test.ping")
		assert.Equal(t, 1, res.code, res.stdout)
		assert.Contains(t, res.stderr, "Attempt to authenticate with the salt master failed with timeout error")
		assert.GreaterOrEqual(t, res.took, 2*time.Second, "one auth_timeout (1 s) per master, as a silent socket costs")
		for _, m := range masters {
			entries, err := os.ReadDir(filepath.Join(pkiDir, "minions_pre"))
			if err == nil {
				assert.Empty(t, entries, "no sign-in reached %s's ret port", m.Opts.Str("interface"))
			}
			entries, err = os.ReadDir(filepath.Join(pkiDir, "minions"))
			if err == nil {
				assert.NotContains(t, names(entries), "documented")
			}
		}
	})

	t.Run("ret ports: every return reaches both masters", func(t *testing.T) {
		o := simtest.MinionOpts(filepath.Join(root, "dup"), "dup", entries(rets), 0, 0)
		delete(o, "publish_port") // learned from each master's reply (§1.4)
		m := simtest.StartMinion(t, o, r)
		simtest.WaitConnected(t, m, "salt", 5*time.Second)
		simtest.WaitSubscribed(t, masters[0], 5*time.Second, "dup")
		simtest.WaitSubscribed(t, masters[1], 5*time.Second, "dup")
		res := run(t, r, "", "salt", "-c", confs[0], "--out=json", "--out-indent=-1", "-t", "10", "--show-jid", "dup", "test.ping")
		require.Equal(t, 0, res.code, res.stderr)
		jid := strings.TrimPrefix(strings.SplitN(res.stdout, "\n", 2)[0], "jid: ")
		require.Regexp(t, `^\d{20}$`, jid, res.stdout)
		other := filepath.Join(masters[1].Opts.Str("cachedir"), "jobs", jid, "dup", "return.json")
		require.Eventually(t, func() bool { _, err := os.Stat(other); return err == nil }, 5*time.Second, 20*time.Millisecond,
			"master-2 never received the return of master-1's job")
	})
}

// §10.7: an unresolvable master hostname. retry_dns sleeps block the whole
// minion process (the shared io_loop), so in hot mode the healthy master's
// jobs stall; str-mode salt-call with a list loops forever; retry_dns: 0
// silently tries 127.0.0.1.
func TestSurprise7UnresolvableMaster(t *testing.T) {
	t.Parallel()
	t.Run("hot mode: healthy master stalls while retry_dns waits", func(t *testing.T) {
		t.Parallel()
		d := newDuo(t, true)
		d.r.Set("salt-master-2")
		o := d.minionOpts("hot", "salt-master-1", "salt-master-2")
		o["retry_dns"] = 0.3
		// The key is accepted beforehand: whether the master-1 Minion signs
		// in before retry_dns blocks the loop is a race, and without the
		// key the CLI would answer "No minions matched" instead.
		kp, err := pki.LoadOrCreate(o.Str("pki_dir"), "minion")
		require.NoError(t, err)
		require.NoError(t, pki.KeyDirs{Root: d.masters[0].Opts.Str("pki_dir")}.Write(pki.Accepted, "hot", kp.PubPEM))
		m := simtest.StartMinion(t, o, d.r)
		require.Eventually(t, func() bool {
			return strings.Count(m.Log.String(), "Master hostname: 'salt-master-2' not found or not responsive. Retrying in 0.3 seconds") >= 2
		}, 5*time.Second, 20*time.Millisecond)
		res := d.salt(t, 0, "hot", "test.ping")
		assert.Contains(t, res.stdout, `Minion did not return. [No response]`, "the io_loop is blocked in retry_dns")
		d.r.Set("salt-master-2", "127.0.0.2")
		d.waitHot(t, m)
		res = d.salt(t, 0, "-t", "10", "hot", "test.ping")
		assert.Equal(t, "{\"hot\": true}\n", res.stdout, res.stderr)
	})
	t.Run("str-mode salt-call with a list loops in retry_dns", func(t *testing.T) {
		t.Parallel()
		f := newCallFixture(t, nil)
		o := f.minion.Copy()
		o["master"] = []any{"gone", "salt"}
		o["retry_dns"] = 0.2
		simtest.WriteConfig(t, f.dir, config.Minion, o)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		var out, errb strings.Builder
		code := Main(ctx, "salt-call", []string{"-c", f.dir, "test.ping"}, &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
			Resolver: f.r, ProcNet: "/proc/net", Probe: 200 * time.Millisecond, Hostname: func() (string, error) { return "testhost", nil }})
		assert.Error(t, ctx.Err(), "salt-call returned (code %d) before being cancelled: %s", code, errb.String())
		assert.GreaterOrEqual(t, strings.Count(errb.String(), "Master hostname: 'gone' not found or not responsive. Retrying in 0.2 seconds"), 3)
		assert.NotContains(t, out.String(), "local")
	})
	t.Run("retry_dns 0 silently tries 127.0.0.1", func(t *testing.T) {
		t.Parallel()
		f := newCallFixture(t, nil) // its master listens on 127.0.0.1
		res := f.call(t, map[string]any{"master": "gone", "retry_dns": 0}, "--out=json", "--out-indent=-1", "test.ping")
		require.Equal(t, 0, res.code, res.stderr)
		assert.Equal(t, "{\"local\": true}\n", res.stdout)
	})
}

// §10.8: failing over onto a master where the key is still pending is a dead
// end: the minion waits for acceptance and does not return to master-1.
func TestSurprise8FailoverOntoPendingMaster(t *testing.T) {
	t.Parallel()
	d := newDuo(t, false, nil, map[string]any{"auto_accept": false})
	o := d.minionOpts("m1", "salt-master-1", "salt-master-2")
	o["master_type"] = "failover"
	o["master_alive_interval"] = 0.5
	o["master_tries"] = -1
	m := simtest.StartMinion(t, o, d.r)
	simtest.WaitConnected(t, m, "salt-master-1", 5*time.Second)
	d.masters[0].Stop()
	waitPendingLoops(t, m, 3)
	assert.Equal(t, []string{"m1"}, pki.KeyDirs{Root: d.masters[1].Opts.Str("pki_dir")}.List(pki.Pending))
	// master-1 comes back: the minion stays in master-2's pending loop.
	back := simtest.StartMaster(t, d.masters[0].Opts)
	waitPendingLoops(t, m, 3)
	assert.Equal(t, []string{""}, m.Masters())
	assert.NotContains(t, back.Log.String(), "Authentication accepted from m1")
}

// §10.8 (second half): a pending key on the first-listed master pins a
// failover minion there; it never tries the next master.
func TestSurprise8PendingFirstMasterPins(t *testing.T) {
	t.Parallel()
	d := newDuo(t, false, nil, map[string]any{"auto_accept": false})
	o := d.minionOpts("m1", "salt-master-2", "salt-master-1")
	o["master_type"] = "failover"
	o["master_alive_interval"] = 0.5
	m := simtest.StartMinion(t, o, d.r)
	waitPendingLoops(t, m, 3)
	assert.Equal(t, []string{""}, m.Masters())
	assert.NotContains(t, d.masters[0].Log.String(), "from m1", "salt-master-1 never heard of the minion")
}

// §10.9: masters share nothing — keys, job cache, manage.status are per
// master; returns go only to the publishing master.
func TestSurprise9MastersShareNothing(t *testing.T) {
	t.Parallel()
	d := newDuo(t, false)
	o := d.minionOpts("m1", "salt-master-1", "salt-master-2")
	o["master_type"] = "failover"
	m := simtest.StartMinion(t, o, d.r)
	simtest.WaitConnected(t, m, "salt-master-1", 5*time.Second)
	simtest.WaitSubscribed(t, d.masters[0], 5*time.Second, "m1")

	assert.Equal(t, []string{"m1"}, pki.KeyDirs{Root: d.masters[0].Opts.Str("pki_dir")}.List(pki.Accepted))
	assert.Empty(t, pki.KeyDirs{Root: d.masters[1].Opts.Str("pki_dir")}.List(pki.Accepted), "the standby never saw the key")

	res := d.salt(t, 0, "-t", "10", "--show-jid", "m1", "test.ping")
	require.Equal(t, 0, res.code, res.stderr)
	jid := strings.TrimPrefix(strings.SplitN(res.stdout, "\n", 2)[0], "jid: ")
	lookup := func(i int) string {
		return run(t, d.r, "", "salt-run", "-c", d.confs[i], "--out=json", "--out-indent=-1", "jobs.lookup_jid", jid).stdout
	}
	assert.Equal(t, "{\"m1\": true}\n", lookup(0))
	assert.Equal(t, "{}\n", lookup(1), "job cache is per master")

	// Accept the key on the standby too: it now lists the minion as down.
	kp, err := pki.LoadOrCreate(o.Str("pki_dir"), "minion")
	require.NoError(t, err)
	require.NoError(t, pki.KeyDirs{Root: d.masters[1].Opts.Str("pki_dir")}.Write(pki.Accepted, "m1", kp.PubPEM))
	down := run(t, d.r, "", "salt-run", "-c", d.confs[1], "--out=json", "--out-indent=-1", "manage.down")
	assert.Equal(t, "[\"m1\"]\n", down.stdout, down.stderr)
	up := run(t, d.r, "", "salt-run", "-c", d.confs[0], "--out=json", "--out-indent=-1", "manage.up")
	assert.Equal(t, "[\"m1\"]\n", up.stdout, up.stderr)
}

// §10.10: jid dedup is in memory only: a restarted minion runs a job with an
// already-seen jid again; a job re-issued on the other master gets a new jid
// and runs twice.
func TestSurprise10DedupIsPerJidAndInMemory(t *testing.T) {
	t.Parallel()
	d := newDuo(t, true)
	o := d.minionOpts("hot", "salt-master-1", "salt-master-2")
	marker := filepath.Join(d.root, "ran")
	publish := func(i int, jid string) {
		c := newLocalClient(config.Opts{"sock_dir": d.masters[i].Opts.Str("sock_dir"), "gather_job_timeout": 1}, 2*time.Second)
		j, err := c.publish(context.Background(), wire.LocalRequest{Tgt: "*", Fun: "cmd.run", Arg: []any{"echo x >> " + marker}, Jid: jid})
		require.NoError(t, err)
		c.collect(context.Background(), j, func(wire.Return) {})
		j.close()
	}
	ran := func() int {
		b, _ := os.ReadFile(marker)
		return strings.Count(string(b), "x\n")
	}
	m := simtest.StartMinion(t, o, d.r)
	d.waitHot(t, m)
	publish(0, "20260101000000000007")
	publish(1, "20260101000000000007")
	assert.Equal(t, 1, ran(), "same jid from both masters runs once")
	publish(1, "") // the operator re-issues the command on master-2: new jid
	assert.Equal(t, 2, ran())
	require.Equal(t, 0, m.Stop())
	m2 := simtest.StartMinion(t, o, d.r)
	d.waitHot(t, m2)
	publish(0, "20260101000000000007")
	assert.Equal(t, 3, ran(), "a restarted minion forgot the jid")
}

func names(entries []os.DirEntry) []string {
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

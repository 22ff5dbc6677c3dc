//go:build docker

package chaos_test

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/chaostest"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/testenv/labpool"
)

// startFixture holds a lab slot (plain containers: one lab's worth,
// internal/testenv/labpool), starts the chaostest fixture and an engine
// for it, all bound by within; what it opens is closed when the test ends.
func startFixture(t *testing.T, within time.Duration) (context.Context, *client.Client, *chaostest.Fixture, *chaos.Engine) {
	t.Helper()
	labpool.Machine().Hold(t, 1, "lab slot")
	ctx, cancel := context.WithTimeout(context.Background(), within)
	t.Cleanup(cancel)
	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	t.Cleanup(func() { _ = cli.Close() })
	f := chaostest.New(t, ctx, cli)
	return ctx, cli, f, f.Engine(t, ctx)
}

// TestFaults injects every fault into one shared set of containers, shows
// its effect, heals it and checks the exact prior state came back.
func TestFaults(t *testing.T) {
	ctx, _, f, e := startFixture(t, 8*time.Minute)

	network := []struct {
		name   string
		spec   chaos.Spec
		effect func(t *testing.T)
	}{
		{"isolate", chaos.Spec{Kind: chaos.KindIsolate, Targets: []string{"server"}}, func(t *testing.T) {
			assert.False(t, f.Curl(ctx, "client", "server:4505").OK, "isolated server is unreachable")
		}},
		{"partition", chaos.Spec{Kind: chaos.KindPartition, Targets: []string{"server"}, Peers: []string{"client"}}, func(t *testing.T) {
			assert.False(t, f.Curl(ctx, "client", "server:4505").OK, "client is cut off")
			assert.True(t, f.Curl(ctx, "other", "server:4505").OK, "other still reaches server")
		}},
		{"partition one-way", chaos.Spec{Kind: chaos.KindPartition, Targets: []string{"server"}, Peers: []string{"client"}, OneWay: true}, func(t *testing.T) {
			assert.False(t, f.Curl(ctx, "client", "server:4505").OK, "server's answers to client are dropped")
			assert.True(t, f.Curl(ctx, "other", "server:4505").OK)
		}},
		{"port 4505", chaos.Spec{Kind: chaos.KindPortBlock, Targets: []string{"server"}, Ports: []int{4505}}, func(t *testing.T) {
			assert.False(t, f.Curl(ctx, "client", "server:4505").OK, "4505 is blocked")
			assert.True(t, f.Curl(ctx, "client", "server:8000/big").OK, "8000 is not")
		}},
		{"latency", chaos.Spec{Kind: chaos.KindLatency, Targets: []string{"server"}, Delay: 300 * time.Millisecond, Ports: []int{4505}}, func(t *testing.T) {
			r := f.Curl(ctx, "client", "server:4505")
			require.True(t, r.OK, r.Out)
			assert.GreaterOrEqual(t, r.Seconds, 0.3, "latency at least the requested delay")
		}},
		{"loss", chaos.Spec{Kind: chaos.KindLoss, Targets: []string{"server"}, Percent: 100}, func(t *testing.T) {
			assert.False(t, f.Curl(ctx, "client", "server:4505").OK, "all of server's packets are lost")
		}},
		{"bandwidth", chaos.Spec{Kind: chaos.KindBandwidth, Targets: []string{"server"}, Rate: "4mbit"}, func(t *testing.T) {
			r := f.Curl(ctx, "client", "server:8000/big")
			require.True(t, r.OK, r.Out)
			assert.GreaterOrEqual(t, r.Seconds, 1.0, "1 MB at 4 Mbit/s takes about 2 s")
		}},
		{"dns", chaos.Spec{Kind: chaos.KindDNS, Targets: []string{"client"}, Name: "server"}, func(t *testing.T) {
			assert.NotEqual(t, 0, f.Exec(ctx, f.IDs["client"], "timeout", "3", "getent", "hosts", "server").ExitCode, "server stops resolving")
			assert.Equal(t, 0, f.Exec(ctx, f.IDs["client"], "timeout", "3", "getent", "hosts", "other").ExitCode, "other names still resolve")
		}},
	}
	ipBefore := f.IP(t, ctx, "server")
	for _, tc := range network {
		t.Run(tc.name, func(t *testing.T) {
			before := f.Snapshot(t, ctx, tc.spec.Targets[0])
			fast := f.Curl(ctx, "client", "server:4505")
			require.True(t, fast.OK, fast.Out)
			defer func() { _ = e.HealAll(ctx) }() // a failed check must not leak into the next case
			_, err := e.Inject(ctx, tc.spec)
			require.NoError(t, err)
			assert.NotEqual(t, before, f.Snapshot(t, ctx, tc.spec.Targets[0]), "the fault changed the netns")
			tc.effect(t)
			require.NoError(t, e.HealAll(ctx))
			assert.Equal(t, before, f.Snapshot(t, ctx, tc.spec.Targets[0]), "heal restores iptables and qdiscs exactly")
			assert.Equal(t, ipBefore, f.IP(t, ctx, "server"), "same address")
			// A delay left behind slows every request; a loaded machine
			// slows one now and then: the fastest of three is the judge.
			quickest := math.Inf(1)
			for range 3 {
				after := f.Curl(ctx, "client", "server:4505")
				assert.True(t, after.OK, after.Out)
				quickest = math.Min(quickest, after.Seconds)
			}
			assert.Less(t, quickest, 0.3, "no latency left (the fastest of three requests)")
			assert.Equal(t, 0, f.Exec(ctx, f.IDs["client"], "getent", "hosts", "server").ExitCode)
			assert.Empty(t, f.Helpers(t, ctx), "heal removed the helpers")
		})
	}

	t.Run("dns refused for a pinned name", func(t *testing.T) {
		f.Exec(ctx, f.IDs["client"], "bash", "-c", "echo '10.9.9.9 pinned-master' >> /etc/hosts")
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindDNS, Targets: []string{"client"}, Name: "pinned-master"})
		assert.ErrorContains(t, err, `"pinned-master" is pinned in /etc/hosts`)
	})
	t.Run("pause", func(t *testing.T) {
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindPause, Targets: []string{"server"}})
		require.NoError(t, err)
		assert.False(t, f.Curl(ctx, "client", "server:4505").OK, "a paused server does not answer")
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, "running", f.State(t, ctx, "server"))
		assert.True(t, f.Curl(ctx, "client", "server:4505").OK)
	})
	t.Run("proc-stop", func(t *testing.T) {
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindProcStop, Targets: []string{"server"}, Process: "nginx"})
		require.NoError(t, err)
		assert.Equal(t, "T", f.ProcStates(ctx, "server", "nginx"), "every nginx process is stopped")
		assert.Equal(t, "S", f.ProcStates(ctx, "server", "sleep"), "the other daemon is not")
		assert.False(t, f.Curl(ctx, "client", "server:4505").OK)
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, "S", f.ProcStates(ctx, "server", "nginx"))
		assert.True(t, f.Curl(ctx, "client", "server:4505").OK)

		// A daemon that is its container's PID 1, as in the compose labs.
		_, err = e.Inject(ctx, chaos.Spec{Kind: chaos.KindProcStop, Targets: []string{"client"}, Process: "sleep"})
		require.NoError(t, err)
		assert.Equal(t, "T", f.ProcStates(ctx, "client", "sleep"), "PID 1 is stopped too")
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, "S", f.ProcStates(ctx, "client", "sleep"))
	})
	t.Run("disk-full", func(t *testing.T) {
		df := func() string { return f.Exec(ctx, f.IDs["server"], "df", "-B1", "--output=avail", "/dev/shm").Stdout }
		before := df()
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindDiskFull, Targets: []string{"server"}, Path: "/dev/shm"})
		require.NoError(t, err)
		assert.NotEqual(t, 0, f.Exec(ctx, f.IDs["server"], "bash", "-c", "head -c 4096 /dev/zero > /dev/shm/x").ExitCode, "writes fail with ENOSPC")
		require.NoError(t, e.HealAll(ctx))
		f.Exec(ctx, f.IDs["server"], "rm", "-f", "/dev/shm/x")
		assert.Equal(t, before, df())
		_, err = e.Inject(ctx, chaos.Spec{Kind: chaos.KindDiskFull, Targets: []string{"server"}, Path: "/"})
		assert.ErrorContains(t, err, "more than the 1024 MiB saltlab fills safely")
	})
	t.Run("key-replace", func(t *testing.T) {
		keys := func() string {
			return f.Exec(ctx, f.IDs["server"], "bash", "-c", "cd /etc/salt/pki/master && ls -A && stat -c '%n %a %s %Y' master.* && sha256sum master.*").Stdout
		}
		before := keys()
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindKeyReplace, Targets: []string{"server"}})
		require.NoError(t, err)
		assert.NotEqual(t, before, keys(), "a new pair replaced the old")
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, before, keys(), "the old pair is back byte for byte, backup gone")
	})
	t.Run("key-replace on Salt 3008's layout", func(t *testing.T) {
		// From 3008 a master reads <id>.pem/<id>.pub; master.pem and
		// master.pub are links to the first master's pair. The fault
		// replaces the pair the master reads, not the links.
		dir := "/tmp/pki3008"
		f.Exec(ctx, f.IDs["server"], "mkdir", "-p", dir)
		f.Exec(ctx, f.IDs["server"], "cp", "/etc/salt/pki/master/master.pem", dir+"/server.pem")
		f.Exec(ctx, f.IDs["server"], "cp", "/etc/salt/pki/master/master.pub", dir+"/server.pub")
		f.Exec(ctx, f.IDs["server"], "ln", "-s", dir+"/server.pem", dir+"/master.pem")
		f.Exec(ctx, f.IDs["server"], "ln", "-s", dir+"/server.pub", dir+"/master.pub")
		state := func() string {
			return f.Exec(ctx, f.IDs["server"], "bash", "-c", "cd /tmp/pki3008 && ls -A && stat -c '%n %F %a %s' * && sha256sum server.*").Stdout
		}
		before := state()
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindKeyReplace, Targets: []string{"server"}, Path: dir})
		require.NoError(t, err)
		assert.Equal(t, "symbolic link", strings.TrimSpace(f.Exec(ctx, f.IDs["server"], "stat", "-c", "%F", dir+"/master.pem").Stdout), "the links stay links")
		assert.NotEqual(t, before, state(), "server.pem, the pair the master reads, was replaced")
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, before, state(), "and restored")
	})
	t.Run("key-replace with shell syntax in its path", func(t *testing.T) {
		// Go's %q once carried --path into the script: $(...) ran on inject
		// and again on heal (issue 41, class 2).
		dir := `/tmp/pki $(touch /tmp/pwned) ` + "`touch /tmp/pwned2`; 'q'"
		f.Exec(ctx, f.IDs["server"], "mkdir", "-p", "--", dir)
		f.Exec(ctx, f.IDs["server"], "cp", "-a", "/etc/salt/pki/master/master.pem", "/etc/salt/pki/master/master.pub", dir+"/")
		sum := func() string {
			return f.Exec(ctx, f.IDs["server"], "sha256sum", "--", dir+"/master.pem", dir+"/master.pub").Stdout
		}
		before := sum()
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindKeyReplace, Targets: []string{"server"}, Path: dir})
		require.NoError(t, err)
		assert.NotEqual(t, before, sum(), "the pair in the odd path was replaced")
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, before, sum(), "and restored")
		assert.NotEqual(t, 0, f.Exec(ctx, f.IDs["server"], "ls", "/tmp/pwned", "/tmp/pwned2").ExitCode, "nothing in the path ran")
		pending := len(e.Ledger().Pending())
		_, err = e.Inject(ctx, chaos.Spec{Kind: chaos.KindKeyReplace, Targets: []string{"server"}, Path: "/tmp"})
		assert.ErrorContains(t, err, "no master.pem and master.pub in /tmp")
		assert.Len(t, e.Ledger().Pending(), pending, "refused before the ledger")
	})
	t.Run("kill and proc-kill", func(t *testing.T) {
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindProcKill, Targets: []string{"server"}, Process: "nginx"})
		require.NoError(t, err)
		assert.False(t, f.Curl(ctx, "client", "server:4505").OK, "nginx is gone")
		_, err = e.Inject(ctx, chaos.Spec{Kind: chaos.KindKill, Targets: []string{"other"}, Signal: "SIGKILL"})
		require.NoError(t, err)
		assert.Equal(t, "exited", f.State(t, ctx, "other"))
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, "running", f.State(t, ctx, "other"))
		require.Eventually(t, func() bool { return f.Curl(ctx, "client", "server:4505").OK }, 30*time.Second, 100*time.Millisecond, "heal restarted server's nginx")
	})
	assert.Empty(t, e.Ledger().Pending())
	// Undo is idempotent: healing the whole history again is a no-op.
	for _, tc := range []chaos.Spec{{Kind: chaos.KindPause, Targets: []string{"server"}}} {
		en, err := e.Inject(ctx, tc)
		require.NoError(t, err)
		require.NoError(t, e.Undo(ctx, en))
		require.NoError(t, e.Undo(ctx, en), "second undo")
		require.NoError(t, e.Ledger().Undo(ctx, e, en.ID))
	}
}

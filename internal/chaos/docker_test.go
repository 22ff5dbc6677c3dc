//go:build docker

package chaos_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/dockerx"
	"github.com/saltlab/saltlab/internal/labels"
)

// TestFaults injects every fault into one shared set of containers, shows
// its effect, heals it and checks the exact prior state came back.
func TestFaults(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	defer cli.Close()
	f := newFixture(t, ctx, cli)
	e := f.engine(t, ctx)

	network := []struct {
		name   string
		spec   chaos.Spec
		effect func(t *testing.T)
	}{
		{"isolate", chaos.Spec{Kind: chaos.KindIsolate, Targets: []string{"server"}}, func(t *testing.T) {
			assert.False(t, f.curl(ctx, "client", "server:4505").ok, "isolated server is unreachable")
		}},
		{"partition", chaos.Spec{Kind: chaos.KindPartition, Targets: []string{"server"}, Peers: []string{"client"}}, func(t *testing.T) {
			assert.False(t, f.curl(ctx, "client", "server:4505").ok, "client is cut off")
			assert.True(t, f.curl(ctx, "other", "server:4505").ok, "other still reaches server")
		}},
		{"partition one-way", chaos.Spec{Kind: chaos.KindPartition, Targets: []string{"server"}, Peers: []string{"client"}, OneWay: true}, func(t *testing.T) {
			assert.False(t, f.curl(ctx, "client", "server:4505").ok, "server's answers to client are dropped")
			assert.True(t, f.curl(ctx, "other", "server:4505").ok)
		}},
		{"port 4505", chaos.Spec{Kind: chaos.KindPortBlock, Targets: []string{"server"}, Ports: []int{4505}}, func(t *testing.T) {
			assert.False(t, f.curl(ctx, "client", "server:4505").ok, "4505 is blocked")
			assert.True(t, f.curl(ctx, "client", "server:8000/big").ok, "8000 is not")
		}},
		{"latency", chaos.Spec{Kind: chaos.KindLatency, Targets: []string{"server"}, Delay: 300 * time.Millisecond, Ports: []int{4505}}, func(t *testing.T) {
			r := f.curl(ctx, "client", "server:4505")
			require.True(t, r.ok, r.out)
			assert.GreaterOrEqual(t, r.seconds, 0.3, "latency at least the requested delay")
		}},
		{"loss", chaos.Spec{Kind: chaos.KindLoss, Targets: []string{"server"}, Percent: 100}, func(t *testing.T) {
			assert.False(t, f.curl(ctx, "client", "server:4505").ok, "all of server's packets are lost")
		}},
		{"bandwidth", chaos.Spec{Kind: chaos.KindBandwidth, Targets: []string{"server"}, Rate: "4mbit"}, func(t *testing.T) {
			r := f.curl(ctx, "client", "server:8000/big")
			require.True(t, r.ok, r.out)
			assert.GreaterOrEqual(t, r.seconds, 1.0, "1 MB at 4 Mbit/s takes about 2 s")
		}},
		{"dns", chaos.Spec{Kind: chaos.KindDNS, Targets: []string{"client"}, Name: "server"}, func(t *testing.T) {
			assert.NotEqual(t, 0, f.exec(ctx, f.ids["client"], "timeout", "3", "getent", "hosts", "server").ExitCode, "server stops resolving")
			assert.Equal(t, 0, f.exec(ctx, f.ids["client"], "timeout", "3", "getent", "hosts", "other").ExitCode, "other names still resolve")
		}},
	}
	ipBefore := f.ip(t, ctx, "server")
	for _, tc := range network {
		t.Run(tc.name, func(t *testing.T) {
			before := f.snapshot(t, ctx, tc.spec.Targets[0])
			fast := f.curl(ctx, "client", "server:4505")
			require.True(t, fast.ok, fast.out)
			defer func() { _ = e.HealAll(ctx) }() // a failed check must not leak into the next case
			_, err := e.Inject(ctx, tc.spec)
			require.NoError(t, err)
			assert.NotEqual(t, before, f.snapshot(t, ctx, tc.spec.Targets[0]), "the fault changed the netns")
			tc.effect(t)
			require.NoError(t, e.HealAll(ctx))
			assert.Equal(t, before, f.snapshot(t, ctx, tc.spec.Targets[0]), "heal restores iptables and qdiscs exactly")
			assert.Equal(t, ipBefore, f.ip(t, ctx, "server"), "same address")
			after := f.curl(ctx, "client", "server:4505")
			assert.True(t, after.ok, after.out)
			assert.Less(t, after.seconds, 0.3, "no latency left")
			assert.Equal(t, 0, f.exec(ctx, f.ids["client"], "getent", "hosts", "server").ExitCode)
			assert.Empty(t, helpers(t, ctx, f), "heal removed the helpers")
		})
	}

	t.Run("pause", func(t *testing.T) {
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindPause, Targets: []string{"server"}})
		require.NoError(t, err)
		assert.False(t, f.curl(ctx, "client", "server:4505").ok, "a paused server does not answer")
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, "running", f.state(t, ctx, "server"))
		assert.True(t, f.curl(ctx, "client", "server:4505").ok)
	})
	t.Run("proc-stop", func(t *testing.T) {
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindProcStop, Targets: []string{"server"}, Process: "nginx"})
		require.NoError(t, err)
		assert.Equal(t, "T", f.procStates(ctx, "nginx"), "every nginx process is stopped")
		assert.Equal(t, "S", f.procStates(ctx, "sleep"), "the other daemon is not")
		assert.False(t, f.curl(ctx, "client", "server:4505").ok)
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, "S", f.procStates(ctx, "nginx"))
		assert.True(t, f.curl(ctx, "client", "server:4505").ok)
	})
	t.Run("disk-full", func(t *testing.T) {
		df := func() string { return f.exec(ctx, f.ids["server"], "df", "-B1", "--output=avail", "/dev/shm").Stdout }
		before := df()
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindDiskFull, Targets: []string{"server"}, Path: "/dev/shm"})
		require.NoError(t, err)
		assert.NotEqual(t, 0, f.exec(ctx, f.ids["server"], "bash", "-c", "head -c 4096 /dev/zero > /dev/shm/x").ExitCode, "writes fail with ENOSPC")
		require.NoError(t, e.HealAll(ctx))
		f.exec(ctx, f.ids["server"], "rm", "-f", "/dev/shm/x")
		assert.Equal(t, before, df())
		_, err = e.Inject(ctx, chaos.Spec{Kind: chaos.KindDiskFull, Targets: []string{"server"}, Path: "/"})
		assert.ErrorContains(t, err, "more than the 1024 MiB saltlab fills safely")
	})
	t.Run("key-replace", func(t *testing.T) {
		keys := func() string {
			return f.exec(ctx, f.ids["server"], "bash", "-c", "cd /etc/salt/pki/master && ls -A && stat -c '%n %a %s %Y' master.* && sha256sum master.*").Stdout
		}
		before := keys()
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindKeyReplace, Targets: []string{"server"}})
		require.NoError(t, err)
		assert.NotEqual(t, before, keys(), "a new pair replaced the old")
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, before, keys(), "the old pair is back byte for byte, backup gone")
	})
	t.Run("kill and proc-kill", func(t *testing.T) {
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindProcKill, Targets: []string{"server"}, Process: "nginx"})
		require.NoError(t, err)
		assert.False(t, f.curl(ctx, "client", "server:4505").ok, "nginx is gone")
		_, err = e.Inject(ctx, chaos.Spec{Kind: chaos.KindKill, Targets: []string{"other"}, Signal: "SIGKILL"})
		require.NoError(t, err)
		assert.Equal(t, "exited", f.state(t, ctx, "other"))
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, "running", f.state(t, ctx, "other"))
		require.Eventually(t, func() bool { return f.curl(ctx, "client", "server:4505").ok }, 30*time.Second, 100*time.Millisecond, "heal restarted server's nginx")
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

func (f *fixture) state(t *testing.T, ctx context.Context, svc string) string {
	info, err := f.cli.ContainerInspect(ctx, f.ids[svc])
	require.NoError(t, err)
	return info.State.Status
}

// procStates returns the distinct first letters of the state of the
// processes of program in server, e.g. "T" or "S".
func (f *fixture) procStates(ctx context.Context, program string) string {
	r := f.exec(ctx, f.ids["server"], "ps", "-eo", "stat=,comm=")
	seen := map[string]bool{}
	var out []string
	for _, line := range strings.Split(r.Stdout, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 2 && fields[1] == program && !seen[fields[0][:1]] {
			seen[fields[0][:1]] = true
			out = append(out, fields[0][:1])
		}
	}
	return strings.Join(out, "")
}

func helpers(t *testing.T, ctx context.Context, f *fixture) []container.Summary {
	cs, err := f.cli.ContainerList(ctx, container.ListOptions{All: true, Filters: filters.NewArgs(
		filters.Arg("label", labels.Run+"="+f.runID), filters.Arg("label", chaos.LabelHelper+"=true"))})
	require.NoError(t, err)
	return cs
}

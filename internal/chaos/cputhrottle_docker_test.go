//go:build docker

package chaos_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/system"
	"github.com/docker/docker/client"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
)

// noCFS is an engine that reports no CPU CFS quota.
type noCFS struct{ *client.Client }

func (n noCFS) Info(ctx context.Context) (system.Info, error) {
	i, err := n.Client.Info(ctx)
	i.CPUCfsQuota = false
	return i, err
}

// TestCPUThrottle: a throttled target's cgroup holds the share of one CPU
// asked and its busy loop gets no more, and heal restores the exact prior
// state chaostest.Observe saw, the cgroup's quota with it: for a container
// without a limit and for one whose limit was set as --cpus, which comes
// back as it was. What it cannot apply whole is refused before the ledger.
func TestCPUThrottle(t *testing.T) {
	ctx, cli, f, e := startFixture(t, 5*time.Minute)
	// busy is the CPU, in seconds, a busy loop in svc gets in one second
	// of wall time: its shell's `times` line for the children.
	busy := func(t *testing.T, svc string) float64 {
		r := f.Exec(ctx, f.IDs[svc], "bash", "-c", `timeout 1 bash -c 'while :; do :; done'; times`)
		lines := strings.Split(strings.TrimSpace(r.Stdout), "\n")
		require.Len(t, lines, 2, "times: %s %s", r.Stdout, r.Stderr)
		var sum float64
		for _, field := range strings.Fields(lines[1]) { // "0m0.052s 0m0.001s"
			m, s, ok := strings.Cut(strings.TrimSuffix(field, "s"), "m")
			require.True(t, ok, field)
			mins, err := strconv.ParseFloat(m, 64)
			require.NoError(t, err)
			secs, err := strconv.ParseFloat(s, 64)
			require.NoError(t, err)
			sum += mins*60 + secs
		}
		return sum
	}
	resources := func(t *testing.T, svc string) container.Resources {
		info, err := cli.ContainerInspect(ctx, f.IDs[svc])
		require.NoError(t, err)
		return info.HostConfig.Resources
	}

	t.Run("no limit before", func(t *testing.T) {
		before := f.Observe(t, ctx, "server")
		defer func() { _ = e.HealAll(ctx) }()
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindCPUThrottle, Targets: []string{"server"}, Percent: 5})
		require.NoError(t, err)
		during := f.Observe(t, ctx, "server")
		assert.Equal(t, "5000 100000", during.CPU, "5 percent of a 100 ms period")
		// An upper bound only: on a loaded machine a free loop gets little
		// too, so the cgroup's quota above is what says the limit is back.
		assert.Less(t, busy(t, "server"), 0.15, "a busy loop gets about 5 percent of one CPU")
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, before, f.Observe(t, ctx, "server"), "heal restores the observed state exactly")
		assert.Equal(t, int64(-1), resources(t, "server").CPUQuota, "no limit, as the engine writes it")
	})
	t.Run("a limit set as --cpus comes back as it was", func(t *testing.T) {
		_, err := cli.ContainerUpdate(ctx, f.IDs["other"], container.UpdateConfig{Resources: container.Resources{NanoCPUs: 1_500_000_000}})
		require.NoError(t, err)
		before := f.Observe(t, ctx, "other")
		require.Equal(t, "150000 100000", before.CPU)
		defer func() { _ = e.HealAll(ctx) }()
		_, err = e.Inject(ctx, chaos.Spec{Kind: chaos.KindCPUThrottle, Targets: []string{"other"}, Percent: 10})
		require.NoError(t, err)
		assert.Equal(t, int64(100_000_000), resources(t, "other").NanoCPUs)
		assert.Equal(t, "10000 100000", f.Observe(t, ctx, "other").CPU)
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, before, f.Observe(t, ctx, "other"))
		assert.Equal(t, int64(1_500_000_000), resources(t, "other").NanoCPUs, "the --cpus limit, not -1")
	})
	t.Run("refused before the ledger", func(t *testing.T) {
		_, err := cli.ContainerUpdate(ctx, f.IDs["client"], container.UpdateConfig{Resources: container.Resources{NanoCPUs: 50_000_000}})
		require.NoError(t, err)
		_, err = e.Inject(ctx, chaos.Spec{Kind: chaos.KindCPUThrottle, Targets: []string{"client"}, Percent: 10})
		assert.ErrorContains(t, err, "cpu-throttle client: it is held to 5% of one CPU already, at or below the 10% asked; ask for less")
		small := chaos.New(noCFS{cli}, f.RunID, f.Project, fault.NewLedger(t.TempDir()+"/faults.jsonl"))
		_, err = small.Inject(ctx, chaos.Spec{Kind: chaos.KindCPUThrottle, Targets: []string{"server"}, Percent: 10})
		require.ErrorIs(t, err, chaos.ErrUnsupported)
		assert.ErrorContains(t, err, "the engine reports no CPU CFS quota")
		assert.Empty(t, e.Ledger().Pending())
		assert.Empty(t, small.Ledger().Pending())
		assert.Equal(t, int64(50_000_000), resources(t, "client").NanoCPUs, "nothing acted")
	})
	// Undo is idempotent: a healed throttle, healed again, changes nothing.
	en, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindCPUThrottle, Targets: []string{"server"}, Percent: 20})
	require.NoError(t, err)
	require.NoError(t, e.Undo(ctx, en))
	after := f.Observe(t, ctx, "server")
	require.NoError(t, e.Undo(ctx, en), "second undo")
	assert.Equal(t, after, f.Observe(t, ctx, "server"))
	assert.Equal(t, "-1 100000", after.CPU)
}

//go:build docker

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/compose/lib"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/run/status"
)

// detectWithin is how soon Docker must call a frozen master unhealthy:
// the built-in check fails within lib.AnswerBound, Docker runs it every
// second and needs 3 failures in a row (3 s, 9 s at worst); the rest is the engine's
// exec overhead on a loaded host. It is the honest-health lag (steps'
// healthLag), the most the suite tolerates.
const detectWithin = 12 * time.Second

// TestFrozenMasterTurnsUnhealthy: on a failover lab, of the Salt double
// (subtest sim) and of real Salt (subtest real, which builds the real
// image if it is missing), a salt-master frozen with SIGSTOP keeps its pid
// and its listening ports, which the old TCP health check took for health.
// The master-answers check makes Docker call it unhealthy within
// detectWithin, `saltlab status` says it does not answer within its bound
// while the other master does, and once healed it is healthy and answers
// again. Before that, on the fresh lab, salt-pepper works through the
// balancer before and after master-1 stops (pepperThroughTheBalancer).
func TestFrozenMasterTurnsUnhealthy(t *testing.T) {
	t.Parallel() // parallelTests says why
	for _, flavour := range []string{"sim", "real"} {
		t.Run(flavour, func(t *testing.T) {
			holdLab(t, flavour)
			ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
			defer cancel()
			l := newUpLab(t, ctx, "failover", flavour)
			// First, on the fresh lab (every minion with master-1), the
			// client users drive the API with; it starts master-1 again
			// after. One bring-up fewer in CI.
			t.Run("salt-pepper through the balancer", func(t *testing.T) {
				pepperThroughTheBalancer(t, ctx, l, []string{"salt-minion-1", "salt-minion-2"})
			})
			frozenMasterTurnsUnhealthy(t, ctx, l)
		})
	}
}

func frozenMasterTurnsUnhealthy(t *testing.T, ctx context.Context, l upLab) {
	id, reports, st, cli := l.id, l.reports, l.st, l.cli
	var out bytes.Buffer
	health := func(service string) string {
		info, err := cli.ContainerInspect(ctx, lab.ContainerNameOf(st.Project, service))
		require.NoError(t, err)
		require.NotNil(t, info.State.Health, "%s has a health check", service)
		return info.State.Health.Status
	}
	masters := func() map[string]status.MasterRow {
		var b bytes.Buffer
		require.Equal(t, 0, Main([]string{"status", "--run", id, "--reports", reports, "--json"}, &b, &b), b.String())
		var r status.Report
		require.NoError(t, json.Unmarshal(b.Bytes(), &r), b.String())
		rows := map[string]status.MasterRow{}
		for _, m := range r.Masters {
			rows[m.Service] = m
		}
		return rows
	}
	require.Equal(t, "healthy", health("salt-master-1"))
	rows := masters()
	require.Equal(t, status.AnswersYes, rows["salt-master-1"].Answers, rows["salt-master-1"].AnswersDetail)
	assert.Equal(t, lib.AnswerBound, rows["salt-master-1"].AnswerBound)

	out.Reset()
	frozeAt := time.Now()
	require.Equal(t, 0, Main([]string{"chaos", "proc-stop", "salt-master-1", "--process", "salt-master", "--run", id, "--reports", reports, "--root", "../.."}, &out, &out), out.String())
	unhealthy, err := poll.Run(ctx, poll.Within(detectWithin), func(context.Context, time.Duration) bool {
		return health("salt-master-1") == "unhealthy"
	})
	require.NoError(t, err)
	assert.True(t, unhealthy, "Docker still calls the frozen salt-master-1 %s after %s", health("salt-master-1"), time.Since(frozeAt).Round(time.Millisecond))
	t.Logf("frozen salt-master-1 unhealthy after %s", time.Since(frozeAt).Round(time.Millisecond))
	rows = masters()
	assert.Equal(t, status.AnswersNo, rows["salt-master-1"].Answers, rows["salt-master-1"].AnswersDetail)
	assert.Contains(t, rows["salt-master-1"].AnswersDetail, "sent nothing")
	assert.Equal(t, status.AnswersYes, rows["salt-master-2"].Answers, "the other master answers: %s", rows["salt-master-2"].AnswersDetail)
	assert.Equal(t, "healthy", health("salt-master-2"))

	out.Reset()
	require.Equal(t, 0, Main([]string{"heal", "--run", id, "--reports", reports, "--root", "../.."}, &out, &out), out.String())
	healthy, err := poll.Run(ctx, poll.Within(detectWithin), func(context.Context, time.Duration) bool {
		return health("salt-master-1") == "healthy"
	})
	require.NoError(t, err)
	assert.True(t, healthy, "salt-master-1 healthy again once healed")
	assert.Equal(t, status.AnswersYes, masters()["salt-master-1"].Answers)
}

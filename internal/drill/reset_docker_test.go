//go:build docker

package drill

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/testenv"
	"github.com/saltlab/saltlab/internal/testenv/labpool"
)

// TestDockerResetRearmsTheSameLab: a learner's reset, from a second
// terminal while the console watches, takes the drill back to its
// incident's start on the same lab: every task not met again, the
// ledger holding the incident's fault once, the hints and the timer
// cleared, no second lab; the console takes the new round, and the
// round's debrief counts none of the earlier round's commands.
func TestDockerResetRearmsTheSameLab(t *testing.T) {
	root := testenv.RepoRoot(t)
	labpool.Machine().Hold(t, 1, "drill reset")
	dir, err := runstate.PrivateRoot(os.Getenv)
	require.NoError(t, err)
	ctx := context.Background()
	o := StartOptions{Options: Options{Drills: filepath.Join(root, "drills"), Reports: t.TempDir(), Root: root, Log: io.Discard}, Name: "master-frozen", Flavor: "sim", StateDir: dir, Mode: state.Learner}
	console, err := Start(ctx, o)
	require.NoError(t, err)
	runID := console.Progress.RunID
	defer func() {
		if console.Progress.Ended.IsZero() {
			console.Stop(ctx, io.Discard)
		}
		console.Close()
	}()

	// The learner mends the incident, takes a hint and leaves a mark in
	// a container of the lab.
	require.NoError(t, console.Play(ctx, state.Solution))
	met, err := poll.Run(ctx, poll.Within(time.Minute), func(ctx context.Context, _ time.Duration) bool {
		return console.Tick(ctx, io.Discard).AllMet()
	})
	require.NoError(t, err)
	require.True(t, met, "the solution meets every task")
	require.NoError(t, console.Hint(ctx, io.Discard))
	r, err := console.lab.Exec(ctx, "salt-minion-1", []string{"touch", "/tmp/before-reset"})
	require.NoError(t, err)
	require.Zero(t, r.ExitCode)
	firstStart := console.Progress.Started

	other, err := Resume(ctx, o.Options, runID)
	require.NoError(t, err)
	defer other.Close()
	t0 := time.Now()
	res, err := other.Reset(ctx)
	require.NoError(t, err)
	t.Logf("reset on the same lab took %v", time.Since(t0).Round(time.Millisecond))
	require.True(t, res.Rearmed, res.NewLab)

	v := other.Probe(ctx)
	assert.Empty(t, v.IDs(func(v state.Verdict) bool { return v != state.NotMet }), "every task not met again: %v", v)
	pending := other.engine.Ledger().Pending()
	require.Len(t, pending, 1, "the incident's one fault, once: %v", pending)
	assert.Equal(t, "proc-stop", string(pending[0].Kind))
	assert.Equal(t, 1, other.Progress.Round)
	assert.Empty(t, other.Progress.Hints, "the hints start again")
	assert.Empty(t, other.Progress.Met)
	assert.True(t, other.Progress.Started.After(firstStart), "the timer starts again")
	runs, err := runstate.List(o.Reports)
	require.NoError(t, err)
	assert.Len(t, runs, 1, "no second lab")
	r, err = other.lab.Exec(ctx, "salt-minion-1", []string{"test", "-e", "/tmp/before-reset"})
	require.NoError(t, err)
	assert.Zero(t, r.ExitCode, "the same containers, not fresh ones")

	// The console's next tick takes the new round.
	console.Tick(ctx, io.Discard)
	assert.Equal(t, 1, console.Progress.Round)
	assert.True(t, other.Progress.Started.Equal(console.Progress.Started), "the console's clock is the new round's")

	db, err := console.Stop(ctx, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, "unsolved", db.Outcome, "the new round's incident is not mended")
	assert.Empty(t, db.Hints, "the earlier round's hint is not this round's")
	require.NoError(t, other.engine.Ledger().Reload())
	assert.Empty(t, other.engine.Ledger().Pending(), "the console's stop heals the new round's fault")
}

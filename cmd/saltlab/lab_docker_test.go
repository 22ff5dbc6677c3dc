//go:build docker

package main

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/docker/docker/client"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos/chaostest"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/testenv/labpool"
)

// The labs the Docker tests of the command act on, brought up and torn
// down the one way each: a Salt lab through `saltlab up` and `saltlab
// down`, or the chaos package's plain containers under a saved run.

// parallelTests: the Docker tests of the command are parallel ones
// (make test runs them two at a time, -parallel 2), each holding its
// lab's slots. One after another, they waited 15 minutes in all for
// slots in a CI run while the other packages' labs held the pool, and
// the last of them ran alone for two minutes at the end of the pass
// (2026-12-06). TestFreshCloneUp is not one: it changes the working
// folder and the environment (t.Chdir, t.Setenv).

// labPool is the machine's lab slots, which every Docker test binary of
// the run shares (internal/testenv/labpool).
var labPool = labpool.Machine()

// holdLab holds, until the test ends, the slots a lab of flavour takes:
// one for the double or plain containers, every slot for real Salt,
// whose lab runs alone (capacity.Paces). A test takes them first, before
// its own timeout starts (a wait for slots is not the test's time) and
// before its lab exists, so they are released after the lab is gone.
func holdLab(t *testing.T, flavour string) {
	t.Helper()
	n := 1
	if flavour != "sim" {
		n = labPool.Slots()
	}
	labPool.Hold(t, n, flavour+" lab slot")
}

// upLab is a lab `saltlab up` brought up for one test.
type upLab struct {
	id, reports string
	st          runstate.State
	cli         *client.Client
}

// newUpLab brings up topology on flavour with `saltlab up` into a fresh
// reports folder and has `saltlab down` remove it when the test ends;
// the Docker client it opens is closed before that.
func newUpLab(t *testing.T, ctx context.Context, topology, flavour string) upLab {
	t.Helper()
	l := upLab{id: labels.NewRunID(time.Now()), reports: t.TempDir()}
	t.Cleanup(func() {
		var down bytes.Buffer
		if code := Main([]string{"down", "--run", l.id}, &down, &down); code != 0 {
			t.Errorf("down --run %s: exit %d: %s", l.id, code, down.String())
		}
	})
	var out bytes.Buffer
	require.Equal(t, 0, Main([]string{"up", "--topology", topology, "--salt", flavour, "--reports", l.reports, "--run-id", l.id, "--root", "../.."}, &out, &out), out.String())
	l.cli = dockerClient(t, ctx)
	var err error
	l.st, err = runstate.Load(runstate.Dir(l.reports, l.id))
	require.NoError(t, err)
	return l
}

// chaosRun starts the chaos package's plain containers (chaostest) under
// a run saved in a fresh reports folder, for `saltlab chaos` and `saltlab
// heal` to act on, and returns the flags that name that run.
func chaosRun(t *testing.T, ctx context.Context) (f *chaostest.Fixture, reports string, common []string) {
	t.Helper()
	f = chaostest.New(t, ctx, dockerClient(t, ctx))
	reports = t.TempDir()
	require.NoError(t, runstate.Save(runstate.Dir(reports, f.RunID), runstate.State{RunID: f.RunID, Project: f.Project, Started: time.Now()}))
	return f, reports, []string{"--run", f.RunID, "--reports", reports, "--root", "../.."}
}

// dockerClient opens the engine client for a test and closes it when the
// test ends, after the cleanups registered later (which may still use it).
func dockerClient(t *testing.T, ctx context.Context) *client.Client {
	t.Helper()
	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	t.Cleanup(func() { _ = cli.Close() })
	return cli
}

//go:build docker

package selftest

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/drill"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/testenv"
	"github.com/saltlab/saltlab/internal/testenv/labpool"
)

// TestDockerEveryDrillTestsItselfOnTheDouble: every drill of the catalogue
// that runs on the double passes its self-test there: right after the
// incident every task is not met, the wrong fix is rejected, the solution
// meets every task within the time limit, and nothing is left running.
func TestDockerEveryDrillTestsItselfOnTheDouble(t *testing.T) {
	root := testenv.RepoRoot(t)
	drills := filepath.Join(root, "drills")
	names, err := spec.List(drills)
	require.NoError(t, err)
	state, err := runstate.PrivateRoot(os.Getenv)
	require.NoError(t, err)
	pool := labpool.Machine()
	var run []string
	for _, n := range names {
		d, err := spec.Load(drills, n)
		require.NoError(t, err)
		if !slices.Contains(d.Salt.Flavours, "sim") {
			t.Logf("drill %s is left out of the double: %s", n, d.Salt.NotOnSim)
			continue
		}
		run = append(run, n)
	}
	// As many drills at once as the machine's pool has slots, not as
	// go test's -parallel allows: make test runs this package with
	// -parallel 2 (the bound for packages whose parallel tests do not
	// queue at the pool), which left a slot of three idle for the
	// package's twenty minutes. The subtests are not parallel ones, so
	// -parallel does not bound them; each worker runs one at a time,
	// and the pool's slots bound every package's labs together.
	work := make(chan string)
	var wg sync.WaitGroup
	for range min(pool.Slots(), len(run)) {
		wg.Go(func() {
			for n := range work {
				t.Run(n, func(t *testing.T) {
					pool.Hold(t, 1, "drill "+n)
					o := drill.StartOptions{Options: drill.Options{Drills: drills, Reports: t.TempDir(), Root: root, Log: tlog{t}}, Name: n, Flavor: "sim", StateDir: state}
					r, err := Run(context.Background(), o, o.Log)
					require.NoError(t, err)
					require.Equal(t, "solved", r.Debrief.Outcome)
				})
			}
		})
	}
	for _, n := range run {
		work <- n
	}
	close(work)
	wg.Wait()
}

// tlog writes a self-test's progress to the test's log.
type tlog struct{ t *testing.T }

func (l tlog) Write(b []byte) (int, error) {
	l.t.Log(string(b))
	return len(b), nil
}

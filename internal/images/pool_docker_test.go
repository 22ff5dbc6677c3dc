//go:build docker

package images_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/testenv/labpool"
)

// TestMain holds one slot of the machine's lab pool, which every Docker
// test binary of the run shares (internal/testenv/labpool), while this
// package's tests run. Any slot held keeps out every taker of the whole
// pool (a lab of real Salt, another build of real Salt's image), which
// matters because the carried-wheelhouse test untags real Salt's image
// while it rebuilds it. One, not every slot: the builds here kept about
// one core of two busy (a CI run, 2026-12-06: 45 % of the machine, the
// rest idle, while the whole pool waited on them for 5 minutes), and a
// lab of the double takes a tenth to a third of a core between its
// bring-up and teardown, so two of them run beside the builds. Once for
// the package, not once a test: a taker waits for a free slot each time.
// It waits for make test's own build of real Salt's image
// (labpool.BuildLock) first, as a taker of every slot does: its tests
// build that image too.
// buildSlots is how many of the pool's slots this package's builds hold.
const buildSlots = 1

func TestMain(m *testing.M) {
	p := labpool.Machine()
	asked := time.Now()
	release, err := p.TakeAfterBuild(context.Background(), buildSlots)
	if err != nil {
		fmt.Fprintln(os.Stderr, "images: build slots:", err)
		os.Exit(1)
	}
	got := time.Now()
	code := m.Run()
	release()
	fmt.Println("images:", labpool.Waited("build slots", asked, got))
	os.Exit(code)
}

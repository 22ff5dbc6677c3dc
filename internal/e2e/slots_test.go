//go:build docker

package e2e

import (
	"testing"

	"github.com/saltlab/saltlab/internal/testenv/labpool"
)

// labPool is the machine's lab slots, which every Docker test binary of
// the run shares (internal/testenv/labpool): three labs of the double on
// two cores, as `saltlab run` runs them. go test's -parallel only bounds
// tests, and a test waiting for a shared run (simFailover, realFailover)
// runs no lab of its own, so the slots are taken where a lab is run, not
// where a test starts.
var labPool = labpool.Machine()

// parallelRealLab is parallelLab for a test whose lab runs real Salt: it
// holds every lab slot (its turn in realGroup), so its lab runs alone. Real Salt's CLI and daemons
// are Python processes that need both cores at a failover (the rule
// `saltlab run` follows too: capacity.Paces); beside a lab of the
// double the real comparison missed the alive-check bound in 6 of 22
// scenarios (measured 2026-11-26), and two real labs beside each other
// starved each other (the CI gate's two runs held their slot 13 min,
// about 4 min otherwise).
func parallelRealLab(t *testing.T) {
	t.Helper()
	t.Parallel()
	realGroup.Hold(t, "real lab slot")
}

// parallelLab marks a test parallel and holds a lab slot until it ends,
// logging how long it waited for the slot and held it.
func parallelLab(t *testing.T) {
	t.Helper()
	t.Parallel()
	labPool.Hold(t, 1, "lab slot")
}

// realGroup runs this binary's real-Salt work (the real comparison's
// run, the CI gate, the pending-key run, resolving real Salt's image)
// one at a time, on every slot of the pool, taken when the first of them
// starts and given back when none is left waiting: each taker of every
// slot first waits for the labs that hold slots to end, while the free
// slots idle, so the real work runs back to back after one such wait
// rather than one wait each. go test starts the parallel tests together,
// so they arrive together.
var realGroup = labpool.NewGroup(labPool)

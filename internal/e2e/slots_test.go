//go:build docker

package e2e

import (
	"sync"
	"testing"
	"time"
)

// labsAtOnce is how many labs the package runs at a time: two cores carry
// two labs (the real-Salt run and one of the double's, or two of the
// double's); a third made the engine's cgroup freezer give up on a pause.
// go test's -parallel only bounds tests, and a test waiting for a shared
// run (simFailover, realFailover) runs no lab of its own, so the slots
// are taken where a lab is run, not where a test starts.
const labsAtOnce = 2

// labSlots is the package's semaphore of labs.
var labSlots = make(chan struct{}, labsAtOnce)

// parallelRealLab is parallelLab for a test whose lab runs real Salt: it
// holds every lab slot, so its lab runs alone. Real Salt's CLI and daemons
// are Python processes that need both cores at a failover (the rule
// `saltlab run` follows too: capacity.Paces); beside a lab of the
// double the real comparison missed the alive-check bound in 6 of 22
// scenarios (measured 2026-11-26), and two real labs beside each other
// starved each other (the CI gate's two runs held their slot 13 min,
// about 4 min otherwise).
func parallelRealLab(t *testing.T) {
	t.Helper()
	t.Parallel()
	holdLabSlots(t, labsAtOnce, "real lab slot")
}

// parallelLab marks a test parallel and holds a lab slot until it ends.
// It logs how long the test waited for the slot and held it: go test's
// own time for a parallel test counts the wait, and the hold is what
// CI's length is made of.
func parallelLab(t *testing.T) {
	t.Helper()
	t.Parallel()
	holdLabSlots(t, 1, "lab slot")
}

// holdLabSlots takes n lab slots until the test ends, and then logs, as
// what, how long it waited for them and held them.
func holdLabSlots(t *testing.T, n int, what string) {
	t.Helper()
	asked := time.Now()
	release := takeLabSlots(n)
	got := time.Now()
	t.Cleanup(func() {
		release()
		t.Logf("%s: waited %s, held %s", what, got.Sub(asked).Round(time.Second), time.Since(got).Round(time.Second))
	})
}

// multiSlot lets one taker of several slots at a time wait for them, so
// two such takers never each hold part of what the other waits for.
var multiSlot sync.Mutex

// takeLabSlots waits for n lab slots (a run of n labs in parallel) and
// returns their release.
func takeLabSlots(n int) (release func()) {
	multiSlot.Lock()
	for range n {
		labSlots <- struct{}{}
	}
	multiSlot.Unlock()
	return func() {
		for range n {
			<-labSlots
		}
	}
}

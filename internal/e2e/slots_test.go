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

// realSlot lets one real-Salt lab run at a time, beside a lab of the
// double. Real Salt's daemons are Python processes that start and answer
// slowly on two cores; two real labs beside each other starved each other
// (measured 2026-11-26: the CI gate's two real runs held their slot 13 min
// beside the real comparison, where at the end of a CI run, beside a
// double's lab, they took about 4 min). Taken before a lab slot, never
// while one is held, so the two semaphores cannot wait on each other.
var realSlot = make(chan struct{}, 1)

// takeRealSlot waits for the real-Salt slot and returns its release.
func takeRealSlot() (release func()) {
	realSlot <- struct{}{}
	return func() { <-realSlot }
}

// parallelRealLab is parallelLab for a test whose lab runs real Salt: it
// holds the real-Salt slot too.
func parallelRealLab(t *testing.T) {
	t.Helper()
	t.Parallel()
	asked := time.Now()
	releaseReal := takeRealSlot()
	release := takeLabSlot()
	got := time.Now()
	t.Cleanup(func() {
		release()
		releaseReal()
		t.Logf("real lab slot: waited %s, held %s", got.Sub(asked).Round(time.Second), time.Since(got).Round(time.Second))
	})
}

// parallelLab marks a test parallel and holds a lab slot until it ends.
// It logs how long the test waited for the slot and held it: go test's
// own time for a parallel test counts the wait, and the hold is what
// CI's length is made of.
func parallelLab(t *testing.T) {
	t.Helper()
	t.Parallel()
	asked := time.Now()
	release := takeLabSlot()
	got := time.Now()
	t.Cleanup(func() {
		release()
		t.Logf("lab slot: waited %s, held %s", got.Sub(asked).Round(time.Second), time.Since(got).Round(time.Second))
	})
}

// takeLabSlot waits for a lab slot and returns its release.
func takeLabSlot() (release func()) { return takeLabSlots(1) }

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

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

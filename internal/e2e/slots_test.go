//go:build docker

package e2e

import (
	"context"
	"os/exec"
	"testing"
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
func parallelLab(t *testing.T) {
	t.Helper()
	t.Parallel()
	labSlots <- struct{}{}
	t.Cleanup(func() { <-labSlots })
}

// inLabSlot runs a command that brings up a lab, holding a slot; cmd
// makes it once the slot is held, so that its timeout does not run out
// in the queue. It returns the command's combined output.
func inLabSlot(cmd func() (*exec.Cmd, context.CancelFunc)) ([]byte, error) {
	labSlots <- struct{}{}
	defer func() { <-labSlots }()
	c, cancel := cmd()
	defer cancel()
	return c.CombinedOutput()
}

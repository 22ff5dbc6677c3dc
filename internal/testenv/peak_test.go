package testenv

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Goroutines held inside together are all counted, however their
// updates interleave.
func TestPeakKeepsTheMostInsideAtOnce(t *testing.T) {
	for _, n := range []int{1, 2, 8, 64} {
		var p Peak
		var inside, release sync.WaitGroup
		inside.Add(n)
		release.Add(1)
		var done sync.WaitGroup
		for range n {
			done.Go(func() {
				leave := p.Enter()
				inside.Done()
				release.Wait()
				leave()
			})
		}
		inside.Wait()
		release.Done()
		done.Wait()
		assert.Equal(t, int32(n), p.Most(), "%d inside at once", n)
		leave := p.Enter()
		leave()
		assert.Equal(t, int32(n), p.Most(), "one later caller does not lower the peak")
	}
}

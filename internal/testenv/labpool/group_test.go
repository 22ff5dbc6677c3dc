package labpool

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/testenv"
)

// TestGroupTakesThePoolOnceForMembersThatOverlap: members that arrive
// while one runs run one at a time on the one take; the pool is full
// throughout and free once the last has left.
func TestGroupTakesThePoolOnceForMembersThatOverlap(t *testing.T) {
	p := New(t.TempDir(), 3)
	g := NewGroup(p)
	unreserve, err := g.Reserve(context.Background())
	require.NoError(t, err)
	_, err = takeWithin(p, 1, full)
	require.Error(t, err, "a reservation holds every slot")

	var peak testenv.Peak
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			leave, err := g.Enter(context.Background())
			if !assert.NoError(t, err) {
				return
			}
			out := peak.Enter()
			time.Sleep(20 * time.Millisecond) // a member's work, overlapping the others' arrivals
			out()
			leave()
		})
	}
	wg.Wait()
	assert.Equal(t, int32(1), peak.Most(), "one member's work at a time")
	_, err = takeWithin(p, 1, full)
	require.Error(t, err, "the reservation still holds every slot")
	unreserve()
	r, err := takeWithin(p, 3, full)
	require.NoError(t, err, "the last to leave gave every slot back")
	r()
}

func TestGroupTakesThePoolAgainAfterItEmptied(t *testing.T) {
	p := New(t.TempDir(), 2)
	g := NewGroup(p)
	leave, err := g.Enter(context.Background())
	require.NoError(t, err)
	leave()
	other, err := takeWithin(p, 1, full)
	require.NoError(t, err, "an empty group holds nothing")
	ctx, cancel := context.WithTimeout(context.Background(), full)
	defer cancel()
	_, err = g.Enter(ctx)
	require.Error(t, err, "the next member waits for the slot held elsewhere")
	other()
	leave, err = g.Enter(context.Background())
	require.NoError(t, err)
	leave()
}

package netalloc

import (
	"context"
	"errors"
	"net/netip"
	"sync"
	"testing"

	"github.com/docker/docker/api/types/network"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var errTaken = errors.New("Pool overlaps with other one on this address space")

func isTaken(err error) bool { return errors.Is(err, errTaken) }

// engine is a fake daemon whose network create fails like Docker's when
// the subnet overlaps an existing network.
type engine struct {
	mu   sync.Mutex
	nets []network.Summary
}

func (e *engine) NetworkList(context.Context, network.ListOptions) ([]network.Summary, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]network.Summary(nil), e.nets...), nil
}

func (e *engine) create(p Plan) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, n := range e.nets {
		if netip.MustParsePrefix(n.IPAM.Config[0].Subnet).Overlaps(p.Subnet) {
			return errTaken
		}
	}
	e.nets = append(e.nets, netWith(p.Subnet.String()))
	return nil
}

func TestRetryAfterLosingTheRace(t *testing.T) {
	e := &engine{}
	var got []Plan
	err := Retry(context.Background(), e, 2, 3, isTaken, func(p Plan) error {
		if len(got) == 0 {
			// Another lab picked the same /24 and created it first.
			require.NoError(t, e.create(p))
		}
		got = append(got, p)
		return e.create(p)
	})
	require.NoError(t, err)
	require.Len(t, got, 2)
	assert.NotEqual(t, got[0].Subnet, got[1].Subnet, "the loser picks another /24")
}

func TestRetryConcurrentLabsNeverShare(t *testing.T) {
	e := &engine{}
	const labs = 6
	plans := make([]Plan, labs)
	errs := make([]error, labs)
	var wg sync.WaitGroup
	for i := range labs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = Retry(context.Background(), e, 2, labs, isTaken, func(p Plan) error {
				plans[i] = p
				return e.create(p)
			})
		}()
	}
	wg.Wait()
	seen := map[netip.Prefix]bool{}
	for i := range labs {
		require.NoError(t, errs[i])
		assert.False(t, seen[plans[i].Subnet], "subnet %s used twice", plans[i].Subnet)
		seen[plans[i].Subnet] = true
	}
}

func TestRetryStops(t *testing.T) {
	e := &engine{}
	other := errors.New("image missing")
	calls := 0
	err := Retry(context.Background(), e, 2, 3, isTaken, func(Plan) error { calls++; return other })
	assert.ErrorIs(t, err, other)
	assert.Equal(t, 1, calls, "other errors are not retried")

	calls = 0
	err = Retry(context.Background(), e, 2, 3, isTaken, func(Plan) error { calls++; return errTaken })
	assert.ErrorContains(t, err, "lost the race for a free subnet 3 times")
	assert.Equal(t, 3, calls)
}

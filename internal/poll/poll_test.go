package poll

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/testenv"
)

func TestRun(t *testing.T) {
	for _, tt := range []struct {
		name     string
		bounds   func() Bounds
		doneAt   int // the attempt that says done (0: never)
		cancel   bool
		wantDone bool
		wantErr  bool
		// attempts bounds how many tries happen: at least min, at most max.
		minTries, maxTries int
	}{
		{name: "done at once", bounds: func() Bounds { return Within(time.Second) }, doneAt: 1, wantDone: true, minTries: 1, maxTries: 1},
		{name: "done on the third attempt", bounds: func() Bounds { return Bounds{Deadline: time.Now().Add(time.Second), Interval: time.Millisecond} },
			doneAt: 3, wantDone: true, minTries: 3, maxTries: 3},
		{name: "the deadline bounds it", bounds: func() Bounds {
			return Bounds{Deadline: time.Now().Add(50 * time.Millisecond), Interval: 20 * time.Millisecond}
		},
			minTries: 2, maxTries: 4},
		{name: "a past deadline tries nothing", bounds: func() Bounds { return Until(time.Now().Add(-time.Second)) }, minTries: 0, maxTries: 0},
		{name: "cancellation ends the pause", bounds: func() Bounds { return Bounds{Deadline: time.Now().Add(time.Hour), Interval: time.Hour} },
			cancel: true, wantErr: true, minTries: 1, maxTries: 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			b := tt.bounds()
			tries := 0
			start := time.Now()
			done, err := Run(ctx, b, func(_ context.Context, left time.Duration) bool {
				tries++
				assert.LessOrEqual(t, left, time.Until(b.Deadline)+time.Millisecond, "left is the time to the deadline")
				if tt.cancel {
					cancel()
				}
				return tries == tt.doneAt
			})
			assert.Equal(t, tt.wantDone, done)
			if tt.wantErr {
				require.Error(t, err)
				assert.True(t, errors.Is(err, context.Canceled))
			} else {
				require.NoError(t, err)
			}
			assert.GreaterOrEqual(t, tries, tt.minTries)
			assert.LessOrEqual(t, tries, tt.maxTries)
			assert.Less(t, time.Since(start), 5*time.Second, "no pause outlives the deadline or the context")
		})
	}
}

// A wake-up ends the pause at once: with an hour's interval, three
// attempts happen only because each change woke the loop.
func TestRunWakesOnChange(t *testing.T) {
	changes := make(chan struct{}, 1)
	var armed atomic.Int32
	tries := 0
	done, err := Run(context.Background(), Bounds{Deadline: time.Now().Add(time.Hour), Interval: time.Hour,
		Wake: func() <-chan struct{} { armed.Add(1); return changes }},
		func(context.Context, time.Duration) bool {
			tries++
			if tries < 3 {
				changes <- struct{}{} // what the attempt looked at changed meanwhile
			}
			return tries == 3
		})
	require.NoError(t, err)
	assert.True(t, done)
	assert.Equal(t, 3, tries)
	assert.Equal(t, int32(3), armed.Load(), "armed before each attempt")
}

func TestOverlapping(t *testing.T) {
	t.Run("a slow miss does not delay the next attempt", func(t *testing.T) {
		var n atomic.Int32
		start := time.Now()
		done, err := Overlapping(context.Background(), Bounds{Deadline: start.Add(5 * time.Second), Interval: 50 * time.Millisecond},
			func(ctx context.Context, _ time.Duration) bool {
				if n.Add(1) < 4 {
					<-ctx.Done() // a miss that would take the whole bound
					return false
				}
				return true
			})
		require.NoError(t, err)
		assert.True(t, done)
		assert.Less(t, time.Since(start), 2*time.Second, "the fourth attempt started 150 ms in and won")
	})
	t.Run("a tick with InFlight attempts running starts none", func(t *testing.T) {
		var started atomic.Int32
		var peak testenv.Peak
		done, err := Overlapping(context.Background(), Bounds{Deadline: time.Now().Add(300 * time.Millisecond), Interval: 10 * time.Millisecond, InFlight: 2},
			func(ctx context.Context, _ time.Duration) bool {
				started.Add(1)
				defer peak.Enter()()
				<-ctx.Done()
				return false
			})
		require.NoError(t, err)
		assert.False(t, done)
		assert.Equal(t, int32(2), peak.Most(), "never more than InFlight at once")
		assert.Equal(t, int32(2), started.Load(), "misses that last the whole poll leave no room for a third")
	})
	t.Run("none done by the deadline", func(t *testing.T) {
		done, err := Overlapping(context.Background(), Bounds{Deadline: time.Now().Add(120 * time.Millisecond), Interval: 30 * time.Millisecond},
			func(context.Context, time.Duration) bool { return false })
		assert.NoError(t, err)
		assert.False(t, done)
	})
	t.Run("cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := Overlapping(ctx, Bounds{Deadline: time.Now().Add(time.Second), Interval: 10 * time.Millisecond},
			func(ctx context.Context, _ time.Duration) bool { <-ctx.Done(); return false })
		assert.ErrorIs(t, err, context.Canceled)
	})
	t.Run("a deadline is required", func(t *testing.T) {
		_, err := Overlapping(context.Background(), Bounds{Interval: time.Second}, func(context.Context, time.Duration) bool { return true })
		assert.ErrorContains(t, err, "need a deadline")
	})
}

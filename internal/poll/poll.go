// Package poll is the lab's one poll loop: attempts spaced by a named
// interval until one says done, a named deadline passes, or the context
// ends. It has no fixed sleeps, so cancellation is never late.
package poll

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultInterval spaces out the attempts of a poll when the caller names
// no interval of its own.
const DefaultInterval = 500 * time.Millisecond

// Bounds are a poll's named bounds: it gives up at Deadline (zero: never,
// a retry loop that only ctx ends) and pauses Interval between attempts.
// InFlight caps how many of Overlapping's attempts run at once (0: no
// cap). Wake, when set, lets Run try again before the interval is over:
// it is called before each attempt and returns a channel that is closed
// (or receives) when what the attempt looks at may have changed, e.g. on
// an engine event; the interval is then only the fallback, should the
// wake-up never come.
type Bounds struct {
	Deadline time.Time
	Interval time.Duration
	InFlight int
	Wake     func() <-chan struct{}
}

// Until is Bounds ending at deadline with DefaultInterval.
func Until(deadline time.Time) Bounds { return Bounds{Deadline: deadline, Interval: DefaultInterval} }

// Within is Bounds ending timeout from now with DefaultInterval.
func Within(timeout time.Duration) Bounds { return Until(time.Now().Add(timeout)) }

// Run calls try with the time left until
// try says it is done, the deadline passes, or ctx ends, pausing the
// interval (never past the deadline) between attempts, or less when
// Wake says something changed. It reports whether try said done; the error
// is ctx's.
func Run(ctx context.Context, b Bounds, try func(ctx context.Context, left time.Duration) bool) (bool, error) {
	for {
		left := b.left()
		if left <= 0 {
			return false, nil
		}
		// Armed before the attempt, so a change during it is not missed.
		var wake <-chan struct{}
		if b.Wake != nil {
			wake = b.Wake()
		}
		if try(ctx, left) {
			return true, nil
		}
		pause := time.NewTimer(min(b.Interval, max(b.left(), 0)))
		select {
		case <-ctx.Done():
			pause.Stop()
			return false, fmt.Errorf("poll: %w", ctx.Err())
		case <-pause.C:
		case <-wake:
			pause.Stop()
		}
	}
}

// left is the time to the deadline; without one, as long as can be.
func (b Bounds) left() time.Duration {
	if b.Deadline.IsZero() {
		return time.Duration(math.MaxInt64)
	}
	return time.Until(b.Deadline)
}

// Overlapping is Run for attempts that can take longer than the interval
// (a `salt -t3 <minion> test.ping` that misses waits out Salt's find_job
// round too: 13 s on real Salt's defaults): it starts an attempt every
// Interval whether or not earlier ones have finished, so how soon a
// change is seen does not depend on how long a miss takes. It returns
// once any attempt says done (the others are cancelled and waited for),
// the deadline passes with none done, or ctx ends. A tick that finds
// InFlight attempts still running starts none: each attempt is a process
// on the system under test, and a pile of them slows what is being
// watched.
func Overlapping(ctx context.Context, b Bounds, try func(ctx context.Context, left time.Duration) bool) (bool, error) {
	if b.Deadline.IsZero() {
		return false, fmt.Errorf("poll: overlapping attempts need a deadline")
	}
	actx, cancel := context.WithDeadline(ctx, b.Deadline)
	defer cancel()
	won := make(chan struct{}, 1)
	var wg sync.WaitGroup
	var running atomic.Int32
	start := func() {
		if b.InFlight > 0 && int(running.Load()) >= b.InFlight {
			return
		}
		running.Add(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer running.Add(-1)
			if try(actx, b.left()) {
				select {
				case won <- struct{}{}:
				default:
				}
			}
		}()
	}
	every := time.NewTicker(max(b.Interval, time.Millisecond))
	defer every.Stop()
	start()
	for {
		select {
		case <-won:
			cancel()
			wg.Wait()
			return true, nil
		case <-every.C:
			if b.left() > 0 {
				start()
			}
		case <-actx.Done():
			wg.Wait()
			select {
			case <-won:
				return true, nil
			default:
			}
			if err := ctx.Err(); err != nil {
				return false, fmt.Errorf("poll: %w", err)
			}
			return false, nil
		}
	}
}

package scenario

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

// MinionPoll is one poll over every minion: each gets the bound its own
// configuration allows (measured from since), and Try runs until it says
// the minion is done or the bound passes.
type MinionPoll struct {
	BoundOf func(saltcfg.Minion) (saltcfg.Bound, error)
	Try     func(ctx context.Context, minion string, left time.Duration) bool
	// Past extends the poll beyond the bound, for expectations that must
	// hold for the whole bound: their last observation must come after it
	// ends (Try then sees left <= Past and should say done).
	Past time.Duration
	// Overlap starts a Try every Overlap while earlier ones still run
	// (poll.Overlapping), for probes whose miss is slow: real Salt's
	// `salt -t3` waits out a find_job round (gather_job_timeout) for a
	// minion that does not answer, and starting its Python takes seconds.
	// At most probesInFlight run at once.
	Overlap time.Duration
}

// probesInFlight caps the overlapping probes of one minion (poll.Bounds
// InFlight): with misses of the steps' probeAttempt started every
// reachProbeEvery, two is what the spacing needs; more only loads the
// master being watched.
const probesInFlight = 2

// PollMinions runs p for every minion concurrently and returns each
// minion's bound, for the checker that judges what the poll recorded.
func (w *World) PollMinions(ctx context.Context, since time.Time, p MinionPoll) (map[string]checker.Bound, error) {
	ms := Minions(w.Lab)
	if len(ms) == 0 {
		return nil, fmt.Errorf("expected minions in the lab; observed none among services %v", w.Lab.Services())
	}
	bounds := make([]checker.Bound, len(ms))
	errs := make([]error, len(ms))
	var wg sync.WaitGroup
	for i, m := range ms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := w.MinionBound(ctx, m, p.BoundOf)
			if err != nil {
				errs[i] = err
				return
			}
			bounds[i] = b
			// A long wait says what it waits for and until when.
			w.Waitf("%s up to %s, until %s (%s)", m, b.Limit+p.Past, since.Add(b.Limit+p.Past).Format("15:04:05"), b.Explain)
			try := func(ctx context.Context, left time.Duration) bool { return p.Try(ctx, m, left) }
			if p.Overlap > 0 {
				_, errs[i] = poll.Overlapping(ctx, poll.Bounds{Deadline: since.Add(b.Limit + p.Past), Interval: p.Overlap, InFlight: probesInFlight}, try)
				return
			}
			_, errs[i] = poll.Run(ctx, poll.Until(since.Add(b.Limit+p.Past)), try)
		}()
	}
	wg.Wait()
	out := map[string]checker.Bound{}
	for i, m := range ms {
		out[m] = bounds[i]
	}
	return out, errors.Join(errs...)
}

// MinionBound derives a bound from the minion's own configuration.
func (w *World) MinionBound(ctx context.Context, minion string, boundOf func(saltcfg.Minion) (saltcfg.Bound, error)) (checker.Bound, error) {
	cfg, err := MinionConfig(ctx, w.Lab, minion)
	if err != nil {
		return checker.Bound{}, err
	}
	if w.ProcessSlack > 0 {
		cfg.ProcessSlack = w.ProcessSlack
	}
	b, err := boundOf(cfg)
	if err != nil {
		return checker.Bound{}, fmt.Errorf("%s: %w", minion, err)
	}
	return checker.Bound{Limit: b.Limit, Explain: b.Explain}, nil
}

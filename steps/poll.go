package steps

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

// minionPoll is one poll over every minion: each gets the bound its own
// configuration allows (measured from since), and try runs until it says
// the minion is done or the bound passes.
type minionPoll struct {
	boundOf func(saltcfg.Minion) (saltcfg.Bound, error)
	try     func(ctx context.Context, minion string, left time.Duration) bool
	// past extends the poll beyond the bound, for expectations that must
	// hold for the whole bound: their last observation must come after it
	// ends (try then sees left <= past and should say done).
	past time.Duration
	// overlap starts a try every overlap while earlier ones still run
	// (poll.Overlapping), for probes whose miss is slow: real Salt's
	// `salt -t3` waits out a find_job round (gather_job_timeout) for a
	// minion that does not answer, and starting its Python takes seconds.
	// At most probesInFlight run at once.
	overlap time.Duration
}

// pollMinions runs p for every minion concurrently and returns each
// minion's bound, for the checker that judges what the poll recorded.
func pollMinions(ctx context.Context, w *world, since time.Time, p minionPoll) (map[string]checker.Bound, error) {
	ms := minions(w.Lab)
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
			b, err := w.minionBound(ctx, m, p.boundOf)
			if err != nil {
				errs[i] = err
				return
			}
			bounds[i] = b
			// A long wait says what it waits for and until when.
			w.waitf("%s up to %s, until %s (%s)", m, b.Limit+p.past, since.Add(b.Limit+p.past).Format("15:04:05"), b.Explain)
			try := func(ctx context.Context, left time.Duration) bool { return p.try(ctx, m, left) }
			if p.overlap > 0 {
				_, errs[i] = poll.Overlapping(ctx, poll.Bounds{Deadline: since.Add(b.Limit + p.past), Interval: p.overlap, InFlight: probesInFlight}, try)
				return
			}
			_, errs[i] = poll.Run(ctx, poll.Until(since.Add(b.Limit+p.past)), try)
		}()
	}
	wg.Wait()
	out := map[string]checker.Bound{}
	for i, m := range ms {
		out[m] = bounds[i]
	}
	return out, errors.Join(errs...)
}

// minionBound derives a bound from the minion's own configuration.
func (w *world) minionBound(ctx context.Context, minion string, boundOf func(saltcfg.Minion) (saltcfg.Bound, error)) (checker.Bound, error) {
	cfg, err := minionConfig(ctx, w.Lab, minion)
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

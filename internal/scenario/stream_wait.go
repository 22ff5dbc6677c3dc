package scenario

import (
	"context"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/poll"
)

// Waits for the run's event watcher to record masters' buses again: a
// master started again (or healed) ends its stream, and what it publishes
// before the watcher is attached goes unseen, so the checker could only
// say "unknown". Every such wait is one poll over the history.

// watchAgainTimeout bounds waiting for the run's event watcher to attach to
// a master that was started again: the watcher retries about every second
// once the container runs (internal/client/eventlog), and the master's own start
// is already covered by ProcessSlack in every bound.
const watchAgainTimeout = 10 * time.Second

// resetWatchTimeout bounds waiting, before a reset restarts the minions,
// for every running bus's event stream to be recorded again (a master
// healed a moment ago comes back, then its watcher reattaches: about a
// second's retry after salt-run state.event starts, watchAgainTimeout,
// plus real salt-master's own start on two cores).
const resetWatchTimeout = 30 * time.Second

// AwaitLive polls, until the deadline, for the event stream of every one
// of masters to be recorded (the last watch entry of its bus is a start).
// It returns the masters whose stream is still not recorded then, in the
// order given (all of them when the deadline had passed before a look),
// and ctx's error.
func (w *World) AwaitLive(ctx context.Context, masters []string, until time.Time) ([]string, error) {
	dead := masters
	_, err := poll.Run(ctx, poll.Until(until), func(context.Context, time.Duration) bool {
		dead = w.notLive(masters)
		return len(dead) == 0
	})
	return dead, err
}

// notLive are the masters, of those given, whose bus the history does not
// show recorded now: no watch entry, or the last one an end.
func (w *World) notLive(masters []string) []string {
	h, err := w.History.Read()
	if err != nil {
		return masters
	}
	live := map[string]bool{}
	for _, e := range h {
		if e.Type == history.Watch {
			live[e.Master] = e.Phase == history.Start
		}
	}
	var out []string
	for _, m := range masters {
		if !live[m] {
			out = append(out, m)
		}
	}
	return out
}

// AwaitWatched waits, up to watchAgainTimeout from the reference, until
// the run's event watcher is attached to master: a restarted master's
// stream can only be watched once it runs. Without it a minion answering
// the freshly started master may return before the watcher sees the
// return event. The reach bound is still measured from ref; a watcher
// that does not come back is left to the checker to report.
func (w *World) AwaitWatched(ctx context.Context, master string, ref history.Entry) {
	until := ref.Time.Add(watchAgainTimeout)
	if dead, _ := w.AwaitLive(ctx, []string{master}, until); len(dead) > 0 {
		w.Logf("the event stream of %s is not watched at %s; judging without waiting longer", master, until.Format("15:04:05"))
	}
}

// awaitStreams waits until the event stream of every bus is recorded, so
// that the sign-ins after the reset can be seen; a bus that stays
// unrecorded is said and left out of the sign-in wait.
func awaitStreams(ctx context.Context, w *World) {
	if dead, _ := w.AwaitLive(ctx, Buses(w.Lab), time.Now().Add(resetWatchTimeout)); len(dead) > 0 {
		w.Logf("the event stream of %s is not recorded after %s; the reset does not wait for sign-ins there", strings.Join(dead, ", "), resetWatchTimeout)
	}
}

package ready

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/client/eventlog"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/poll"
)

// startStreamRetry spaces out attempts to stream a master's start events
// again after the stream ended before bring-up did.
const startStreamRetry = 500 * time.Millisecond

// startEvents is bring-up's evidence that a minion is ready: its start
// event on the bus of each master it must be connected to, seen the moment
// the master has it, where the minion's health probe would say so at its
// next interval. A master's bus is followed from the moment the master
// is ready, by its own health test run as it started or by Docker's
// healthy event (a minion starts only after that), so an event
// fired before the stream subscribed is missed, and that minion is ready
// by its health check as before: the evidence only ever saves time.
type startEvents struct {
	project string
	stream  func(ctx context.Context, master string, argv []string, w io.Writer) error
	changed func(service string) // wakes the lab's wait for service
	masters []string             // the minions' masters: the syndics of a syndic topology
	every   bool                 // hot minions: connected to every master; else to one
	ids     map[string][]string
	service map[string]string // minion id -> its service

	mu        sync.Mutex
	ctx       context.Context            // watch's, for the streams; nil before it
	seen      map[string]map[string]bool // minion id -> the masters that saw it start
	listening map[string]bool
	wg        sync.WaitGroup
}

// newStartEvents reads from the roles which masters a minion must be
// connected to; ok is false when they do not say (no minion_mode and no
// master balancer), and the minions are then ready by their health only.
func newStartEvents(r roles.Roles) (*startEvents, bool) {
	se := &startEvents{masters: r.Masters, ids: map[string][]string{}, service: map[string]string{},
		seen: map[string]map[string]bool{}, listening: map[string]bool{}}
	if len(r.Syndics) > 0 {
		se.masters = r.Syndics
	}
	switch {
	case r.MinionMode == "hot":
		se.every = true
	case r.MinionMode == "failover", r.MasterBalancer != nil:
	default:
		return nil, false
	}
	for _, m := range r.Minions {
		se.ids[m] = r.IDsOf(m)
		for _, id := range se.ids[m] {
			se.service[id] = m
		}
	}
	return se, len(se.ids) > 0
}

// Ready is lab.Readiness: every minion of service started on every
// master (hot) or on one.
func (se *startEvents) Ready(service string) (string, bool) {
	ids, ok := se.ids[service]
	if !ok {
		return "", false
	}
	se.mu.Lock()
	defer se.mu.Unlock()
	on := map[string]bool{}
	for _, id := range ids {
		seen := se.seen[id]
		if len(seen) == 0 || (se.every && len(seen) < len(se.masters)) {
			return "", false
		}
		for m := range seen {
			on[m] = true
		}
	}
	what := "start event"
	if len(ids) > 1 {
		what = fmt.Sprintf("%d minions' start events", len(ids))
	}
	return fmt.Sprintf("%s on %s", what, strings.Join(slices.Sorted(maps.Keys(on)), " and ")), true
}

// Judges is lab.Readiness: the start events speak of the minions.
func (se *startEvents) Judges(service string) bool {
	_, ok := se.ids[service]
	return ok
}

// watch makes the start events l's readiness: it follows Docker's health
// events of l and streams each master's start events once it is ready
// (Docker calls it healthy, or its own test passed as it started:
// ProbePassed), until ctx ends; stop waits for the streams to end.
func (se *startEvents) watch(ctx context.Context, ev lab.Eventer, l *lab.Lab) (stop func()) {
	se.project, se.stream, se.changed = l.Project(), l.Stream, l.Changed
	ctx, cancel := context.WithCancel(ctx)
	se.mu.Lock()
	se.ctx = ctx
	se.mu.Unlock()
	l.SetReadiness(se)
	done := lab.WatchHealth(ctx, ev, se.project, func(c lab.HealthChange) {
		if c.Status == "healthy" {
			se.masterReady(c.Service)
		}
	})
	return func() {
		cancel()
		<-done
		se.wg.Wait()
	}
}

// startEvents hears the start probes; a rename on either side would
// otherwise silently end the early streams.
var _ lab.ProbeListener = (*startEvents)(nil)

// ProbePassed is lab.ProbeListener: a master whose own health test
// passed as it started is followed from then, before Docker's first
// probe, so the minions started after it are not missed.
func (se *startEvents) ProbePassed(service string) { se.masterReady(service) }

// masterReady starts streaming service's start events, once, if it is
// one of the minions' masters.
func (se *startEvents) masterReady(service string) {
	if !slices.Contains(se.masters, service) {
		return
	}
	se.mu.Lock()
	defer se.mu.Unlock()
	if se.listening[service] || se.ctx == nil || se.ctx.Err() != nil {
		return
	}
	se.listening[service] = true
	se.wg.Add(1)
	go func(ctx context.Context) {
		defer se.wg.Done()
		se.listen(ctx, service)
	}(se.ctx)
}

// listen streams master's start events until ctx ends.
func (se *startEvents) listen(ctx context.Context, master string) {
	argv := client.UntilStdinCloses(client.StartEvents().Line()...)
	_, _ = poll.Run(ctx, poll.Bounds{Interval: startStreamRetry}, func(ctx context.Context, _ time.Duration) bool {
		pr, pw := io.Pipe()
		go func() { _ = pw.CloseWithError(se.stream(ctx, master, argv, pw)) }()
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
		for sc.Scan() {
			se.saw(master, sc.Text())
		}
		_ = pr.Close()
		return false
	})
}

// saw records one line of master's stream.
func (se *startEvents) saw(master, line string) {
	ev, err := eventlog.ParseLine(line)
	if err != nil {
		return
	}
	id, ok := startedMinion(ev.Tag)
	if !ok {
		return
	}
	service, ok := se.service[id]
	if !ok {
		return
	}
	se.mu.Lock()
	if se.seen[id] == nil {
		se.seen[id] = map[string]bool{}
	}
	se.seen[id][master] = true
	se.mu.Unlock()
	se.changed(service)
}

// startedMinion is the minion id of a start event's tag.
func startedMinion(tag string) (string, bool) { return client.StartedMinion(tag) }

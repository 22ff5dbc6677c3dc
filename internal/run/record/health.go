package record

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/poll"
)

// answersEvery is how often the run probes each master's function
// (compose/lib/master-answers): a master frozen for longer than the
// honest-health lag (12 s) shows several unanswered probes. Each master's
// probes go through one attached exec (client.AnswersStream), not an
// exec each.
const answersEvery = 2 * time.Second

// healthRecord puts what Docker calls each service into the history (its
// status when the run begins, with its health check, then every change
// the engine announces) and probes the function of every master that has
// a health check, until stop: the evidence of the honest-health checker.
type healthRecord struct {
	cancel context.CancelFunc
	wg     sync.WaitGroup
	probe  func(ctx context.Context, master string)
	// probed are the masters whose function is probed.
	probed []string
	// streams are their probes' attached execs, closed at stop.
	streams []*client.AnswersStream
}

// startHealth subscribes to the lab's engine events before it reads each
// service's status, so no change between the two is lost: changes that
// arrive while it reads wait until every status is recorded.
func startHealth(ctx context.Context, ev lab.Eventer, l *lab.Lab, at client.Attacher, rec client.Appender, masters []string, log io.Writer) *healthRecord {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	r := &healthRecord{cancel: cancel}
	sink := &healthSink{add: func(e history.Entry) { warn(log, rec, e) }}
	done := lab.WatchHealth(ctx, ev, l.Project(), sink.change)
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		if err := <-done; err != nil && ctx.Err() == nil {
			fmt.Fprintf(log, "warning: Docker's events of %s ended (%v): health changes from now on are not recorded, and honest-health may say unknown\n", l.Project(), err)
			sink.lost(err)
		}
	}()
	var first []history.Entry
	for _, s := range l.Services() {
		st, err := l.State(ctx, s)
		if err != nil {
			fmt.Fprintf(log, "warning: record the health of %s: %v\n", s, err)
			continue
		}
		if e, ok := healthEntry(s, st); ok {
			first = append(first, e)
		}
	}
	known := sink.begin(first)

	c := client.Client{Rec: client.Recorder{History: rec, Warn: func(f string, a ...any) { fmt.Fprintf(log, f+"\n", a...) }}}
	streams := map[string]*client.AnswersStream{}
	r.probe = func(ctx context.Context, m string) { c.AnswersVia(ctx, streams[m]) }
	for _, m := range masters {
		if !known[m] {
			fmt.Fprintf(log, "note: %s has no Docker health check: honest-health does not judge it\n", m)
			continue
		}
		streams[m] = client.NewAnswersStream(at, m)
		r.streams = append(r.streams, streams[m])
		r.probed = append(r.probed, m)
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			_, _ = poll.Run(ctx, poll.Bounds{Interval: answersEvery}, func(ctx context.Context, _ time.Duration) bool {
				r.probe(ctx, m)
				return false
			})
		}()
	}
	return r
}

// Round probes every probed master once, now, and returns them: a
// scenario judged at its end has at least one probe of each however short
// it was.
func (r *healthRecord) Round(ctx context.Context) []string {
	var wg sync.WaitGroup
	for _, m := range r.probed {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.probe(ctx, m)
		}()
	}
	wg.Wait()
	return r.probed
}

// stop ends the probes and the event stream and waits for them.
func (r *healthRecord) stop() {
	r.cancel()
	r.wg.Wait()
	for _, s := range r.streams {
		s.Close()
	}
}

// healthSink orders the health entries: each service's status as the
// run begins first, then the engine's changes, those that arrived while
// the statuses were read included; only services with a health check.
type healthSink struct {
	add   func(history.Entry)
	mu    sync.Mutex
	ready bool
	early []lab.HealthChange
	known map[string]bool
}

// change records c, or keeps it until begin.
func (s *healthSink) change(c lab.HealthChange) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.ready {
		s.early = append(s.early, c)
		return
	}
	s.record(c)
}

func (s *healthSink) record(c lab.HealthChange) {
	if s.known[c.Service] {
		s.add(history.Entry{Type: history.Health, Node: c.Service, Health: c.Status, Time: c.At})
	}
}

// lost records that Docker's status of every followed service is no
// longer known: the last one recorded must not stand for what came after.
func (s *healthSink) lost(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range slices.Sorted(maps.Keys(s.known)) {
		s.add(history.Entry{Type: history.Health, Node: n, Health: history.NotRecorded, Error: err.Error()})
	}
}

// begin records the first statuses, then the changes kept meanwhile, and
// returns the services it follows.
func (s *healthSink) begin(first []history.Entry) map[string]bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.known = map[string]bool{}
	for _, e := range first {
		s.known[e.Node] = true
		s.add(e)
	}
	for _, c := range s.early {
		s.record(c)
	}
	s.early, s.ready = nil, true
	return s.known
}

// healthEntry is a service's Docker status as the run begins, with its
// health check; ok is false for a service without one (Docker calls it
// nothing).
func healthEntry(service string, st lab.State) (history.Entry, bool) {
	if st.Check == nil {
		return history.Entry{}, false
	}
	status := st.Health
	switch {
	case st.Paused:
		status = history.Paused
	case !st.Running:
		status = history.Exited
	}
	hc, _ := json.Marshal(history.HealthCheck{Test: st.Check.Test, Interval: st.Check.Interval, Timeout: st.Check.Timeout,
		StartPeriod: st.Check.StartPeriod, Retries: st.Check.Retries})
	return history.Entry{Type: history.Health, Node: service, Health: status, Value: hc}, true
}

func warn(log io.Writer, rec client.Appender, e history.Entry) {
	if _, err := rec.Append(e); err != nil {
		fmt.Fprintf(log, "warning: %v\n", err)
	}
}

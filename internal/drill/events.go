package drill

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/saltlab/saltlab/internal/client/eventlog"
)

// streamsReady bounds the wait for every bus's event stream to go live
// before the incident: a bus that needs longer is still recorded, and
// what the debrief judges from events before then says unknown.
const streamsReady = 30 * time.Second

// watchEvents records every master's Salt event bus into the drill's
// history while this process watches the drill (the console, or a
// self-test), as a scenario run does (eventlog): the key actions the
// forbidden actions are judged from and the jobs the incident cost are
// Salt's own events. Watch entries say when each stream was live, so a
// gap (the console closed, a master stopped) is unknown, never "nothing
// happened". It waits, bounded, for the streams to go live.
func (s *Session) watchEvents(ctx context.Context) {
	if s.watch != nil || len(s.buses) == 0 {
		return
	}
	// No console shows the streams' restarts: they are plumbing (the
	// history's watch entries keep when each stream was live), and on the
	// learner's console a stream that cannot reach a stopped master would
	// name the cause.
	s.watch = eventlog.Start(ctx, streamExec{execer{s.lab}}, s.hist, s.buses, io.Discard)
	if err := s.watch.Ready(ctx, streamsReady); err != nil && s.Progress.Mode != "" && s.Progress.Mode != "learner" {
		fmt.Fprintf(s.Log, "drill: %v\n", err)
	}
}

// stopEvents ends the streams (their ends are recorded).
func (s *Session) stopEvents() {
	if s.watch != nil {
		s.watch.Stop()
		s.watch = nil
	}
}

// streamExec runs the event streams in the lab's containers.
type streamExec struct{ execer }

func (x streamExec) Stream(ctx context.Context, service string, argv []string, w io.Writer) error {
	return x.l.Stream(ctx, service, argv, w)
}

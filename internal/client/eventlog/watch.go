package eventlog

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/poll"
)

const (
	// retryInterval spaces out attempts to stream a master's bus again
	// after the stream ended (its container stopped, the master died).
	retryInterval = time.Second
	// probeInterval is how often a probe event is fired until the stream
	// delivers one: state.event subscribes asynchronously, and only a
	// delivered probe proves the subscription is live.
	probeInterval = 500 * time.Millisecond
	// probeTimeout abandons a stream that delivered no probe (a master
	// that is starting, or paused) and starts over.
	probeTimeout = 30 * time.Second
	// probeCommandTimeout bounds one `salt-run event.send` in the container
	// that has printed nothing (send ends it once it has answered).
	probeCommandTimeout = 15 * time.Second
	// ProbePrefix starts the tags of the watcher's own probe events.
	ProbePrefix = "saltlab/watch/"
)

// Execer runs commands in the lab's containers: the client's exec (the
// probes) and a stream (the bus).
type Execer interface {
	client.Execer
	// Stream runs argv in service, copying its stdout to w, until it exits
	// or ctx ends.
	Stream(ctx context.Context, service string, argv []string, w io.Writer) error
}

// Appender is where entries go (a *history.Recorder).
type Appender = client.Appender

// Watcher streams every master's bus into the history until Stop.
type Watcher struct {
	ex     Execer
	rec    Appender
	log    io.Writer
	cancel context.CancelFunc
	wg     sync.WaitGroup
	now    func() time.Time
	live   map[string]chan struct{} // closed once the master's stream first went live
	once   map[string]*sync.Once

	mu      sync.Mutex
	current map[string]context.CancelFunc // ends the master's running session
}

// Start watches each master in the background. Progress and trouble go
// to log (nil: discarded); the history says when each stream was live.
func Start(ctx context.Context, ex Execer, rec Appender, masters []string, log io.Writer) *Watcher {
	if log == nil {
		log = io.Discard
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	w := &Watcher{ex: ex, rec: rec, log: log, cancel: cancel, now: time.Now, live: map[string]chan struct{}{}, once: map[string]*sync.Once{},
		current: map[string]context.CancelFunc{}}
	for _, m := range masters {
		w.live[m], w.once[m] = make(chan struct{}), &sync.Once{}
	}
	for _, m := range masters {
		w.wg.Add(1)
		go func() {
			defer w.wg.Done()
			w.watch(ctx, m)
		}()
	}
	return w
}

// Ready waits until every master's stream has gone live once, or timeout
// passes; the error names the masters whose streams never did (their
// events are missing from the history, and checkers that need them say
// unknown).
func (w *Watcher) Ready(ctx context.Context, timeout time.Duration) error {
	deadline := time.After(timeout)
	var missing []string
	for m, ch := range w.live {
		select {
		case <-ch:
		case <-deadline:
			missing = append(missing, m)
		case <-ctx.Done():
			return fmt.Errorf("wait for event streams: %w", ctx.Err())
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("wait for event streams: none from %v within %s", missing, timeout)
	}
	return nil
}

// Renew ends master's current stream so the watch starts a fresh one, which
// is recorded live again only once its probe comes through. Real Salt's
// `salt-run state.event` stays attached to the event socket of the
// salt-master it started with: after that salt-master is killed and
// started again inside the same container, the old stream is still
// running and hears nothing (measured on 3008.4), so its watch must end.
func (w *Watcher) Renew(master string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if cancel := w.current[master]; cancel != nil {
		cancel()
	}
}

// Stop ends every stream, recording the end of each live one, and waits.
func (w *Watcher) Stop() {
	w.cancel()
	w.wg.Wait()
}

func (w *Watcher) watch(ctx context.Context, master string) {
	last := ""
	n := 0
	// No deadline: the watch retries until Stop cancels ctx.
	_, _ = poll.Run(ctx, poll.Bounds{Interval: retryInterval}, func(ctx context.Context, _ time.Duration) bool {
		n++
		// A stopped master fails every retry the same way: say it once.
		if err := w.session(ctx, master, n); err != nil && ctx.Err() == nil && err.Error() != last {
			last = err.Error()
			fmt.Fprintf(w.log, "event stream of %s: %v (retrying every %s)\n", master, err, retryInterval)
		} else if err == nil {
			last = ""
		}
		return false
	})
}

// session is one `salt-run state.event` on master: it records every event
// it prints, the watch's start once its probe came through, and its end.
func (w *Watcher) session(ctx context.Context, master string, n int) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w.mu.Lock()
	w.current[master] = cancel
	w.mu.Unlock()
	pr, pw := io.Pipe()
	streamErr := make(chan error, 1)
	go func() {
		// Ended with the attachment: a renewed session must not leave its
		// predecessor running in the master's container.
		err := w.ex.Stream(ctx, master, client.UntilStdinCloses(client.EventStream().Line()...), pw)
		_ = pw.CloseWithError(err)
		streamErr <- err
	}()
	probe := fmt.Sprintf("%s%s/%d", ProbePrefix, master, n)
	seen := make(chan struct{})
	go w.probe(ctx, cancel, master, probe, seen)
	up := false
	sc := bufio.NewScanner(pr)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		ev, err := ParseLine(sc.Text())
		if err != nil {
			fmt.Fprintf(w.log, "event stream of %s: %v\n", master, err)
			continue
		}
		at := ev.Stamp
		if at.IsZero() {
			at = w.now()
		}
		if !up && ev.Tag == probe {
			up = true
			close(seen)
			// Recorded before Ready hears of it: Ready means the history
			// already says the stream is live.
			w.append(history.Entry{Type: history.Watch, Master: master, Phase: history.Start, Time: at})
			w.once[master].Do(func() { close(w.live[master]) })
		}
		w.append(history.Entry{Type: history.Event, Master: master, Tag: ev.Tag, Data: ev.Data, Time: at})
	}
	cancel()
	_ = pr.Close()
	err := <-streamErr
	if up {
		e := history.Entry{Type: history.Watch, Master: master, Phase: history.End}
		if err != nil && !errors.Is(err, context.Canceled) {
			e.Error = err.Error()
		}
		w.append(e)
	}
	if err == nil && !up {
		err = errors.New("the stream ended before its probe event came through")
	}
	return err
}

// probe fires the probe event until the stream shows it, or gives the
// session up after probeTimeout.
func (w *Watcher) probe(ctx context.Context, cancel context.CancelFunc, master, tag string, seen <-chan struct{}) {
	// A stopped master fails every probe, and its stream with it, once a
	// second: the stream's retry says so once; a probe's own failure is
	// told only when the session is given up.
	var last error
	shown := func() bool {
		select {
		case <-seen:
			return true
		default:
			return false
		}
	}
	b := poll.Bounds{Deadline: time.Now().Add(probeTimeout), Interval: probeInterval}
	done, err := poll.Run(ctx, b, func(ctx context.Context, _ time.Duration) bool {
		if shown() {
			return true
		}
		if err := w.send(ctx, master, tag); err != nil && ctx.Err() == nil {
			last = err
		}
		return shown()
	})
	if done || err != nil || shown() {
		return
	}
	fmt.Fprintf(w.log, "event stream of %s: no probe came through within %s (last probe error: %v); starting over\n", master, probeTimeout, last)
	cancel()
}

// send fires one probe event on master's bus. It returns as soon as the
// command has printed its answer, and ends it: real Salt 3007.16's
// `salt-run event.send` printed True about 8 s in and then hung at exit
// until killed on the syndic lab's masters (measured 2026-11-26; in a
// failover lab it exited at once, 2026-11-27), and waiting for that exit let a
// restarted watch fire only about two probes in its 30 s session, the
// first often before `state.event` had subscribed, so the stream of a
// syndic node or master brought back by a heal went unrecorded.
func (w *Watcher) send(ctx context.Context, master, tag string) error {
	ctx, cancel := context.WithTimeout(ctx, probeCommandTimeout)
	defer cancel()
	ans := &answer{done: cancel}
	// Unbuffered, so the answer is not held in Python's pipe buffer until
	// an exit that may not come.
	argv := client.UntilStdinCloses(client.Unbuffered(client.EventSend(tag).Line()...)...)
	err := w.ex.Stream(ctx, master, argv, ans)
	if text, ok := ans.get(); ok {
		if !probeAnswered(text) {
			return fmt.Errorf("%v answered %q", argv, text)
		}
		return nil
	}
	if err == nil || errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("%v printed nothing within %s", argv, probeCommandTimeout)
	}
	return err
}

// probeAnswered says whether event.send's first line is the runner's
// True (salt/runners/event.py send returns fire_event's result), not an
// exception ("Exception occurred in runner event.send: ..."). Contains,
// not equals: the outputter may colour it.
func probeAnswered(line string) bool { return strings.Contains(line, "True") }

// answer takes a command's stdout up to its first complete line, then
// calls done, which ends the command.
type answer struct {
	mu   sync.Mutex
	buf  []byte
	line string
	ok   bool
	done func()
}

func (a *answer) Write(p []byte) (int, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.ok {
		return len(p), nil
	}
	a.buf = append(a.buf, p...)
	if i := bytes.IndexByte(a.buf, '\n'); i >= 0 {
		a.line, a.ok = string(a.buf[:i]), true
		a.done()
	}
	return len(p), nil
}

func (a *answer) get() (string, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.line, a.ok
}

func (w *Watcher) append(e history.Entry) {
	if _, err := w.rec.Append(e); err != nil {
		fmt.Fprintf(w.log, "record event: %v\n", err)
	}
}

package eventlog

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// fakeBus is one master: its event stream prints what is fired while it
// runs; a probe (`salt-run event.send`) fires its tag, answers True and,
// like real Salt 3007.16's, hangs at exit until it is ended; a stopped
// master refuses both.
type fakeBus struct {
	mu      sync.Mutex
	lines   chan string
	stopped bool
	end     chan struct{} // closed: the running stream ends (master stops)
	// lost is how many probes still fire before the stream has
	// subscribed, so it never shows them.
	lost   int
	probes int
}

func newFakeBus() *fakeBus {
	return &fakeBus{lines: make(chan string, 100), end: make(chan struct{})}
}

func (b *fakeBus) fire(tag string) {
	b.lines <- fmt.Sprintf("%s\t{\"_stamp\": %q}", tag, time.Now().UTC().Format(stampLayouts[0]))
}

func (b *fakeBus) Stream(ctx context.Context, _ string, argv []string, w io.Writer) error {
	b.mu.Lock()
	stopped, end := b.stopped, b.end
	b.mu.Unlock()
	if stopped {
		return errors.New("container is not running")
	}
	if slices.Contains(argv, "event.send") {
		return b.probe(ctx, argv, w)
	}
	for {
		select {
		case l := <-b.lines:
			if _, err := io.WriteString(w, l+"\n"); err != nil {
				return err
			}
		case <-end:
			return errors.New("exec ended: container stopped")
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (b *fakeBus) probe(ctx context.Context, argv []string, w io.Writer) error {
	b.mu.Lock()
	b.probes++
	if b.lost > 0 {
		b.lost--
	} else {
		b.fire(argv[len(argv)-1])
	}
	b.mu.Unlock()
	if _, err := io.WriteString(w, "True\n"); err != nil {
		return err
	}
	<-ctx.Done()
	return ctx.Err()
}

// Exec is the lab's other way to run a command; the watcher's probes
// must not wait for an exit through it.
func (b *fakeBus) Exec(ctx context.Context, _ string, argv []string) (client.Output, error) {
	<-ctx.Done()
	return client.Output{}, ctx.Err()
}

type memory struct {
	mu sync.Mutex
	h  []history.Entry
}

func (m *memory) Append(e history.Entry) (history.Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e.Index = int64(len(m.h))
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	m.h = append(m.h, e)
	return e, nil
}

func (m *memory) find(typ history.Type, what string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, e := range m.h {
		if e.Type == typ && (e.Tag == what || e.Phase == what) {
			return i
		}
	}
	return -1
}

func TestWatcherRecordsEventsAndWhenTheStreamWasLive(t *testing.T) {
	bus := newFakeBus()
	rec := &memory{}
	w := Start(context.Background(), bus, rec, []string{"salt-master-1"}, nil)
	require.NoError(t, w.Ready(context.Background(), 5*time.Second))
	require.GreaterOrEqual(t, rec.find(history.Watch, history.Start), 0)
	bus.fire("salt/minion/m1/start")
	require.Eventually(t, func() bool { return rec.find(history.Event, "salt/minion/m1/start") >= 0 }, 5*time.Second, 10*time.Millisecond)

	// The master stops: the stream ends and cannot start again until it is back.
	bus.mu.Lock()
	bus.stopped = true
	close(bus.end)
	bus.mu.Unlock()
	require.Eventually(t, func() bool { return rec.find(history.Watch, history.End) >= 0 }, 5*time.Second, 10*time.Millisecond)
	bus.mu.Lock()
	bus.stopped, bus.end = false, make(chan struct{})
	bus.mu.Unlock()
	require.Eventually(t, func() bool {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		starts := 0
		for _, e := range rec.h {
			if e.Type == history.Watch && e.Phase == history.Start {
				starts++
			}
		}
		return starts == 2
	}, 5*time.Second, 10*time.Millisecond, "the stream came back with a new probe")
	w.Stop()

	rec.mu.Lock()
	defer rec.mu.Unlock()
	last := rec.h[len(rec.h)-1]
	assert.Equal(t, history.Watch, last.Type)
	assert.Equal(t, history.End, last.Phase, "Stop records the end of the live stream")
	assert.Empty(t, last.Error, "a stop we asked for is no error")
	for _, e := range rec.h {
		assert.Equal(t, "salt-master-1", e.Master)
	}
}

func TestWatcherReadyNamesSilentMasters(t *testing.T) {
	bus := newFakeBus()
	bus.stopped = true
	w := Start(context.Background(), bus, &memory{}, []string{"salt-master-9"}, nil)
	defer w.Stop()
	assert.ErrorContains(t, w.Ready(context.Background(), 100*time.Millisecond), "none from [salt-master-9]")
}

// Renew ends a running stream that still looks alive (real Salt's
// state.event after its salt-master was killed and started again) and the
// watch comes back with a fresh probe.
func TestWatcherRenewStartsAFreshStream(t *testing.T) {
	bus := newFakeBus()
	rec := &memory{}
	w := Start(context.Background(), bus, rec, []string{"salt-master-1"}, nil)
	defer w.Stop()
	require.NoError(t, w.Ready(context.Background(), 5*time.Second))
	w.Renew("salt-master-1")
	w.Renew("salt-master-9") // not watched: nothing to end
	phases := func() (starts, ends int) {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		for _, e := range rec.h {
			if e.Type == history.Watch && e.Phase == history.Start {
				starts++
			}
			if e.Type == history.Watch && e.Phase == history.End {
				ends++
			}
		}
		return starts, ends
	}
	require.Eventually(t, func() bool { s, e := phases(); return s == 2 && e == 1 }, 5*time.Second, 10*time.Millisecond,
		"the renewed stream ended and came back live")
}

// A probe fired before `state.event` subscribed is lost, and real Salt
// 3007.16's probe hangs at exit after answering: the watch must fire the
// next one once the first has answered, not once it has been killed at
// probeCommandTimeout.
func TestWatcherFiresTheNextProbeOnceOneAnswered(t *testing.T) {
	bus := newFakeBus()
	bus.lost = 2
	w := Start(context.Background(), bus, &memory{}, []string{"salt-master-1"}, nil)
	defer w.Stop()
	require.NoError(t, w.Ready(context.Background(), probeCommandTimeout/3))
	bus.mu.Lock()
	defer bus.mu.Unlock()
	assert.GreaterOrEqual(t, bus.probes, 3, "two lost probes, then one that came through")
}

func TestAnswer(t *testing.T) {
	tests := []struct {
		name   string
		writes []string
		line   string
		ok     bool
		ended  bool
	}{
		{name: "nothing yet", writes: nil},
		{name: "a partial line is no answer", writes: []string{"Tr"}},
		{name: "a line split over writes", writes: []string{"Tr", "ue\n", "more\n"}, line: "True", ok: true, ended: true},
		{name: "an exception", writes: []string{"Exception occurred in runner event.send: x\n"}, line: "Exception occurred in runner event.send: x", ok: true, ended: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ended := 0
			a := &answer{done: func() { ended++ }}
			for _, s := range tt.writes {
				n, err := a.Write([]byte(s))
				require.NoError(t, err)
				assert.Equal(t, len(s), n)
			}
			line, ok := a.get()
			assert.Equal(t, tt.line, line)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.ended, ended == 1, "done is called once, at the first line")
		})
	}
	assert.True(t, probeAnswered("True"))
	assert.True(t, probeAnswered("\x1b[0;32mTrue\x1b[0;0m"))
	assert.False(t, probeAnswered("Exception occurred in runner event.send: x"))
}

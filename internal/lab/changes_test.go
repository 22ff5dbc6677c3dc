package lab

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/events"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

// eventsFake is fakeDocker with an event stream: b stays "starting" until
// the test turns it healthy, and the test says when the engine tells.
type eventsFake struct {
	*fakeDocker
	msgs chan events.Message
	errs chan error

	mu       sync.Mutex
	filters  []string
	inspects map[string]int
}

func (f *eventsFake) Events(_ context.Context, o events.ListOptions) (<-chan events.Message, <-chan error) {
	f.mu.Lock()
	f.filters = append(f.filters, o.Filters.Get("event")...)
	f.mu.Unlock()
	return f.msgs, f.errs
}

func (f *eventsFake) ContainerInspect(ctx context.Context, id string) (container.InspectResponse, error) {
	f.mu.Lock()
	f.inspects[id]++
	f.mu.Unlock()
	return f.fakeDocker.ContainerInspect(ctx, id)
}

func (f *eventsFake) inspected(id string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.inspects[id]
}

// chainProject is the project testOptions names.
const chainProject = "saltlab-unit-20261122-000000-abcdef"

// chainLab loads the chain fixture on f with a done, b starting (its
// Docker health check never passes unless the test says so) and the
// inspects between events an hour apart, so only a wake-up or other
// evidence ends a wait within a test; log holds Up's lines.
func chainLab(t *testing.T, f *eventsFake) (l *Lab, log *strings.Builder) {
	t.Helper()
	f.exits[chainProject+"-a-1"] = 0
	f.starting[chainProject+"-b-1"] = true
	log = &strings.Builder{}
	opts := testOptions("chain.yaml")
	opts.Log = log
	l, err := Load(context.Background(), f, opts)
	require.NoError(t, err)
	l.eventFallback = time.Hour
	return l, log
}

func newEventsFake() *eventsFake {
	return &eventsFake{fakeDocker: newFake(), msgs: make(chan events.Message, 8), errs: make(chan error, 1), inspects: map[string]int{}}
}

// upWhileBStarts runs Up on the chain fixture with b's health check not
// yet passing, waits until Up has looked at b, turns b healthy and calls
// tell; Up must then finish, which only a wake-up can make it do: the
// inspects between events are an hour apart.
func upWhileBStarts(t *testing.T, f *eventsFake, tell func()) {
	t.Helper()
	l, _ := chainLab(t, f)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- l.Up(ctx) }()
	require.Eventually(t, func() bool { return f.inspected(chainProject+"-b-1") > 0 }, 10*time.Second, time.Millisecond, "Up looks at b")
	f.fakeDocker.mu.Lock()
	delete(f.starting, chainProject+"-b-1")
	f.fakeDocker.mu.Unlock()
	tell()
	require.NoError(t, <-done, "Up ended by the wake-up, not by its bound")
}

func TestUpWaitsWakeOnEngineEvents(t *testing.T) {
	f := newEventsFake()
	upWhileBStarts(t, f, func() {
		f.msgs <- events.Message{Type: events.ContainerEventType, Action: "health_status: healthy",
			Actor: events.Actor{Attributes: map[string]string{labels.Service: "b"}}}
	})
	f.mu.Lock()
	defer f.mu.Unlock()
	assert.ElementsMatch(t, []string{"start", "die", "health_status", "destroy", "pause", "unpause"}, f.filters)
}

// When the stream ends, waits inspect every healthPollInterval again.
func TestUpWaitsPollWhenTheStreamEnds(t *testing.T) {
	f := newEventsFake()
	upWhileBStarts(t, f, func() { f.errs <- errors.New("unexpected EOF") })
}

// An event of another service does not wake a wait, and a wake-up fires once.
func TestChangesWakeTheirServiceOnly(t *testing.T) {
	c := &changes{next: map[string]chan struct{}{}}
	b := c.wake("b")
	c.fire("a")
	select {
	case <-b:
		t.Fatal("an event of a woke the wait for b")
	default:
	}
	c.fire("b")
	_, open := <-b
	assert.False(t, open, "b's wake-up fired")
	select {
	case <-c.wake("b"):
		t.Fatal("a new wait was woken by an old event")
	default:
	}
}

// flagReadiness says b is ready once set.
type flagReadiness struct {
	mu  sync.Mutex
	set bool
}

func (r *flagReadiness) Ready(service string) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return "start event on m1", r.set && service == "b"
}

func (r *flagReadiness) Judges(service string) bool { return service == "b" }

// A caller's evidence makes a running service ready while its health
// check has not passed yet, and Changed wakes the wait for it.
func TestUpTakesTheCallersReadiness(t *testing.T) {
	f := newEventsFake()
	l, log := chainLab(t, f)
	r := &flagReadiness{}
	l.SetReadiness(r)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- l.Up(ctx) }()
	require.Eventually(t, func() bool { return f.inspected(chainProject+"-b-1") > 0 }, 10*time.Second, time.Millisecond, "Up looks at b")
	r.mu.Lock()
	r.set = true
	r.mu.Unlock()
	l.Changed("b")
	require.NoError(t, <-done)
	assert.Contains(t, log.String(), "service b ready by its start event on m1")
}

// A starting service whose own health test passes is ready before
// Docker's first probe: Up runs the test itself as the service starts.
// A service the caller's Readiness judges is left to it.
func TestUpRunsTheHealthTestAsTheServiceStarts(t *testing.T) {
	f := newEventsFake()
	f.execExit = func(string) int { return 0 }
	l, log := chainLab(t, f)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	require.NoError(t, l.Up(ctx))
	assert.Contains(t, log.String(), "service b ready by its health check, run by saltlab as it started")
	f.fakeDocker.mu.Lock()
	defer f.fakeDocker.mu.Unlock()
	assert.Contains(t, f.calls, "exec "+chainProject+"-b-1 true", "the compose file's own test")
}

// probeListener judges no service and records whose start probe passed.
type probeListener struct {
	mu     sync.Mutex
	passed []string
}

func (r *probeListener) Ready(string) (string, bool) { return "", false }
func (r *probeListener) Judges(string) bool          { return false }
func (r *probeListener) ProbePassed(service string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.passed = append(r.passed, service)
}

// A Readiness that listens hears a service's own health test pass as it
// started (a master's bus is then followed before Docker's first probe);
// one whose test never passes is not reported.
func TestUpTellsAListenerOfAPassedStartProbe(t *testing.T) {
	tests := []struct {
		name string
		exit int
		want []string
	}{
		{"passes", 0, []string{"b"}},
		{"fails", 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newEventsFake()
			f.execExit = func(string) int { return tt.exit }
			l, _ := chainLab(t, f)
			r := &probeListener{}
			l.SetReadiness(r)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			if tt.exit != 0 { // b is healthy by Docker's check instead
				delete(f.starting, chainProject+"-b-1")
			}
			require.NoError(t, l.Up(ctx))
			r.mu.Lock()
			defer r.mu.Unlock()
			assert.Equal(t, tt.want, r.passed)
		})
	}
}

func TestStartProbeOf(t *testing.T) {
	tests := []struct {
		name   string
		hc     *container.HealthConfig
		argv   []string
		window time.Duration
		ok     bool
	}{
		{"none", nil, nil, 0, false},
		{"NONE", &container.HealthConfig{Test: []string{"NONE"}}, nil, 0, false},
		{"CMD", &container.HealthConfig{Test: []string{"CMD", "curl", "-f", "x"}, Interval: 500 * time.Millisecond}, []string{"curl", "-f", "x"}, time.Second, true},
		{"CMD-SHELL", &container.HealthConfig{Test: []string{"CMD-SHELL", "test -s f"}, Interval: 5 * time.Second}, []string{"/bin/sh", "-c", "test -s f"}, startProbeWindowMax, true},
		{"no interval", &container.HealthConfig{Test: []string{"CMD", "true"}}, []string{"true"}, startProbeWindowMax, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			argv, timeout, window, ok := startProbeOf(tt.hc)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.argv, argv)
			if ok {
				assert.Equal(t, tt.window, window)
				assert.Equal(t, defaultProbeTimeout, timeout)
			}
		})
	}
}

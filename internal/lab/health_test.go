package lab

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/docker/docker/api/types/events"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

func containerEvent(action, service string) events.Message {
	return events.Message{Type: events.ContainerEventType, Action: events.Action(action), TimeNano: 1_700_000_000_500_000_000,
		Actor: events.Actor{ID: "abc", Attributes: map[string]string{labels.Service: service, labels.Project: "p"}}}
}

func TestHealthChangeOf(t *testing.T) {
	at := time.Unix(0, 1_700_000_000_500_000_000)
	tests := []struct {
		name   string
		m      events.Message
		ok     bool
		status string
	}{
		{"healthy", containerEvent("health_status: healthy", "salt-master-1"), true, "healthy"},
		{"unhealthy", containerEvent("health_status: unhealthy", "salt-master-1"), true, "unhealthy"},
		{"start", containerEvent("start", "salt-master-1"), true, "starting"},
		{"die", containerEvent("die", "salt-master-1"), true, "exited"},
		{"pause", containerEvent("pause", "salt-master-1"), true, "paused"},
		{"unpause waits for the next probe", containerEvent("unpause", "salt-master-1"), false, ""},
		{"exec of a probe", containerEvent("exec_start: bash -c true", "salt-master-1"), false, ""},
		{"no service label", containerEvent("health_status: healthy", ""), false, ""},
		{"not a container", events.Message{Type: events.NetworkEventType, Action: "connect",
			Actor: events.Actor{Attributes: map[string]string{labels.Service: "x"}}}, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, ok := HealthChangeOf(tc.m)
			assert.Equal(t, tc.ok, ok)
			if tc.ok {
				assert.Equal(t, HealthChange{Service: "salt-master-1", Status: tc.status, At: at}, c)
			}
		})
	}
	m := containerEvent("die", "s")
	m.TimeNano, m.Time = 0, 1_700_000_000
	c, _ := HealthChangeOf(m)
	assert.Equal(t, time.Unix(1_700_000_000, 0), c.At, "older engines send seconds only")
}

type fakeEvents struct {
	opts events.ListOptions
	msgs chan events.Message
	errs chan error
}

func (f *fakeEvents) Events(_ context.Context, o events.ListOptions) (<-chan events.Message, <-chan error) {
	f.opts = o
	return f.msgs, f.errs
}

// TestWatchHealth: the subscription asks for the project's container
// health and lifecycle events only, hands on the changes in order, and
// reports why the stream ended.
func TestWatchHealth(t *testing.T) {
	f := &fakeEvents{msgs: make(chan events.Message), errs: make(chan error, 1)}
	var got []HealthChange
	done := WatchHealth(context.Background(), f, "saltlab-x", func(c HealthChange) { got = append(got, c) })
	assert.Equal(t, []string{"saltlab-x"}, []string{f.opts.Filters.Get("label")[0][len(labels.Project)+1:]})
	assert.ElementsMatch(t, []string{"health_status", "start", "die", "pause"}, f.opts.Filters.Get("event"))
	assert.Equal(t, []string{"container"}, f.opts.Filters.Get("type"))
	f.msgs <- containerEvent("health_status: healthy", "m1")
	f.msgs <- containerEvent("exec_die", "m1")
	f.msgs <- containerEvent("pause", "m1")
	f.errs <- errors.New("stream lost")
	select {
	case err := <-done:
		require.EqualError(t, err, "stream lost")
	case <-time.After(5 * time.Second):
		t.Fatal("WatchHealth did not end with its stream")
	}
	require.Len(t, got, 2)
	assert.Equal(t, "healthy", got[0].Status)
	assert.Equal(t, "paused", got[1].Status)
}

package record

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/events"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
)

func TestHealthEntry(t *testing.T) {
	check := &container.HealthConfig{Test: []string{"CMD", "/opt/saltlab/master-answers"}, Interval: 500 * time.Millisecond, Retries: 3, StartPeriod: 2 * time.Minute}
	tests := []struct {
		name string
		st   lab.State
		ok   bool
		want string
	}{
		{"healthy", lab.State{Running: true, Health: "healthy", Check: check}, true, history.Healthy},
		{"starting", lab.State{Running: true, Health: "starting", Check: check}, true, history.Starting},
		{"paused keeps its last status in Docker, but is no longer probed", lab.State{Running: true, Paused: true, Health: "healthy", Check: check}, true, history.Paused},
		{"exited", lab.State{Health: "healthy", Check: check}, true, history.Exited},
		{"no health check: Docker calls it nothing", lab.State{Running: true}, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, ok := healthEntry("salt-master-1", tc.st)
			require.Equal(t, tc.ok, ok)
			if !ok {
				return
			}
			assert.Equal(t, history.Health, e.Type)
			assert.Equal(t, "salt-master-1", e.Node)
			assert.Equal(t, tc.want, e.Health)
			var hc history.HealthCheck
			require.NoError(t, json.Unmarshal(e.Value, &hc))
			assert.Equal(t, history.HealthCheck{Test: check.Test, Interval: check.Interval, StartPeriod: check.StartPeriod, Retries: 3}, hc)
		})
	}
}

// TestHealthSinkOrder: a change the engine announces while the first
// statuses are read is recorded after them, and only for services with a
// health check.
func TestHealthSinkOrder(t *testing.T) {
	var got []history.Entry
	s := &healthSink{add: func(e history.Entry) { got = append(got, e) }}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s.change(lab.HealthChange{Service: "salt-master-1", Status: "unhealthy", At: at})
	s.change(lab.HealthChange{Service: "key-wait", Status: "exited", At: at})
	known := s.begin([]history.Entry{{Type: history.Health, Node: "salt-master-1", Health: history.Healthy}})
	s.change(lab.HealthChange{Service: "salt-master-1", Status: "healthy", At: at.Add(time.Second)})
	assert.Equal(t, map[string]bool{"salt-master-1": true}, known)
	var statuses []string
	for _, e := range got {
		assert.Equal(t, "salt-master-1", e.Node)
		statuses = append(statuses, e.Health)
	}
	assert.Equal(t, []string{"healthy", "unhealthy", "healthy"}, statuses)
	assert.Equal(t, at, got[1].Time, "a change keeps the engine's time")
}

// TestHealthSinkLost: when the engine's events end, every followed service
// gets a not-recorded status, so its last healthy status does not stand for
// the rest of the run.
func TestHealthSinkLost(t *testing.T) {
	var got []history.Entry
	s := &healthSink{add: func(e history.Entry) { got = append(got, e) }}
	s.begin([]history.Entry{{Type: history.Health, Node: "b", Health: history.Healthy}, {Type: history.Health, Node: "a", Health: history.Healthy}})
	s.lost(errors.New("unexpected EOF"))
	require.Len(t, got, 4)
	assert.Equal(t, history.Entry{Type: history.Health, Node: "a", Health: history.NotRecorded, Error: "unexpected EOF"}, got[2])
	assert.Equal(t, "b", got[3].Node)
}

// The statuses the lab reads from the engine are those the history and
// its checker know.
func TestHealthStatusesAgree(t *testing.T) {
	for action, want := range map[string]string{"health_status: healthy": history.Healthy, "health_status: unhealthy": history.Unhealthy,
		"start": history.Starting, "pause": history.Paused, "die": history.Exited} {
		c, ok := lab.HealthChangeOf(eventOf(action))
		require.True(t, ok, action)
		assert.Equal(t, want, c.Status, action)
	}
}

func eventOf(action string) events.Message {
	return events.Message{Type: events.ContainerEventType, Action: events.Action(action), TimeNano: 1,
		Actor: events.Actor{Attributes: map[string]string{labels.Service: "salt-master-1"}}}
}

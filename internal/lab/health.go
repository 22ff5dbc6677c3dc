package lab

import (
	"context"
	"strings"
	"time"

	"github.com/docker/docker/api/types/events"
	"github.com/docker/docker/api/types/filters"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

// Eventer is the part of the Docker client that streams engine events.
type Eventer interface {
	Events(ctx context.Context, options events.ListOptions) (<-chan events.Message, <-chan error)
}

// HealthChange is Docker's status of a service's container changing.
type HealthChange struct {
	Service string
	// Status is healthy, unhealthy, starting, paused or exited.
	Status string
	At     time.Time
}

// healthActions are the engine events that change what Docker calls a
// container: its health_status (sent only when the status changes), and
// the lifecycle moves around it: moby stops the health monitor on pause
// and die (the status turns unhealthy without an event) and starts it
// again, "starting", on start. After unpause the status stays unhealthy
// until the next probe, whose health_status event says so.
var healthActions = []string{string(events.ActionHealthStatus), string(events.ActionStart), string(events.ActionDie), string(events.ActionPause)}

// HealthChangeOf maps one engine event to the status it gives its
// container; ok is false for any other event.
func HealthChangeOf(m events.Message) (HealthChange, bool) {
	c := HealthChange{Service: m.Actor.Attributes[labels.Service], At: time.Unix(0, m.TimeNano)}
	if m.TimeNano == 0 {
		c.At = time.Unix(m.Time, 0)
	}
	if m.Type != events.ContainerEventType || c.Service == "" {
		return c, false
	}
	action := string(m.Action)
	switch {
	case strings.HasPrefix(action, string(events.ActionHealthStatus)+":"):
		c.Status = strings.TrimSpace(strings.TrimPrefix(action, string(events.ActionHealthStatus)+":"))
	case action == string(events.ActionStart):
		c.Status = "starting"
	case action == string(events.ActionDie):
		c.Status = "exited"
	case action == string(events.ActionPause):
		c.Status = "paused"
	}
	return c, c.Status != ""
}

// WatchHealth streams the health changes of the project's containers to
// fn until ctx ends. It returns once the engine has the subscription, so a
// status read after it misses no change; done carries why the stream
// ended (ctx's error when cancelled).
func WatchHealth(ctx context.Context, ev Eventer, project string, fn func(HealthChange)) (done <-chan error) {
	msgs, errs := projectEvents(ctx, ev, project, healthActions)
	out := make(chan error, 1)
	go func() {
		for {
			select {
			case m := <-msgs:
				if c, ok := HealthChangeOf(m); ok {
					fn(c)
				}
			case err := <-errs:
				out <- err
				return
			}
		}
	}()
	return out
}

// projectEvents subscribes to the engine's events of actions for the
// project's containers; the client returns once the engine has the
// subscription (it waits for the response headers).
func projectEvents(ctx context.Context, ev Eventer, project string, actions []string) (<-chan events.Message, <-chan error) {
	args := filters.NewArgs(filters.Arg("type", string(events.ContainerEventType)), filters.Arg("label", labels.Project+"="+project))
	for _, a := range actions {
		args.Add("event", a)
	}
	return ev.Events(ctx, events.ListOptions{Filters: args})
}

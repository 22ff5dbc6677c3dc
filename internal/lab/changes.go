package lab

import (
	"context"
	"sync"
	"time"

	"github.com/docker/docker/api/types/events"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

// eventFallbackInterval is how often a wait inspects its container while
// the engine's events wake it: only an event the stream lost would be
// caught this late, so it can be long and spare the engine the inspects.
const eventFallbackInterval = 2 * time.Second

// changeActions are the container events after which a wait looks again:
// every move of the state and health that waitHealthy and waitCompleted
// read (health_status is sent only when the status changes).
var changeActions = []string{string(events.ActionStart), string(events.ActionDie), string(events.ActionHealthStatus),
	string(events.ActionDestroy), string(events.ActionPause), string(events.ActionUnPause)}

// changes turns the engine's event stream for the lab's containers into
// wake-ups for Up's waits, so a wait sees a container turn healthy or exit
// when the engine says so, not at its next inspect. Should the stream end,
// the waits fall back to inspecting every healthPollInterval.
type changes struct {
	mu     sync.Mutex
	next   map[string]chan struct{} // service -> closed at its container's next event
	broken bool
}

// watchChanges subscribes to the engine's events for the project's
// containers; it returns once the engine has the subscription, so no
// later change is missed.
// stop ends the subscription.
func watchChanges(ctx context.Context, ev Eventer, project string) (c *changes, stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	msgs, errs := projectEvents(ctx, ev, project, changeActions)
	c = &changes{next: map[string]chan struct{}{}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case m := <-msgs:
				c.fire(m.Actor.Attributes[labels.Service])
			case <-errs:
				c.breakDown()
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	return c, func() { cancel(); <-done }
}

// wake returns a channel closed at the next event of service's container
// (after the stream ended: once healthPollInterval has passed).
func (c *changes) wake(service string) <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.broken {
		ch := make(chan struct{})
		time.AfterFunc(healthPollInterval, func() { close(ch) })
		return ch
	}
	ch, ok := c.next[service]
	if !ok {
		ch = make(chan struct{})
		c.next[service] = ch
	}
	return ch
}

func (c *changes) fire(service string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if ch, ok := c.next[service]; ok {
		close(ch)
		delete(c.next, service)
	}
}

// breakDown wakes every wait and makes later ones poll.
func (c *changes) breakDown() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.broken = true
	for s, ch := range c.next {
		close(ch)
		delete(c.next, s)
	}
}

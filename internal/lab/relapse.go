package lab

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/docker/docker/api/types/container"
)

// healthMemory is what Up's waits learned about services' health: which
// were ready, and which have since turned unhealthy. Several waits follow
// one service at once (every minion waits on its masters), so the memory
// is shared and a relapse is told once, not once a wait.
type healthMemory struct {
	mu       sync.Mutex
	ready    map[string]bool
	relapsed map[string]time.Time
}

// markReady records that service is ready, and returns when it had
// turned unhealthy if it was in a relapse (which this ends).
func (m *healthMemory) markReady(service string) (since time.Time, recovered bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.ready == nil {
		m.ready = map[string]bool{}
	}
	m.ready[service] = true
	since, recovered = m.relapsed[service]
	delete(m.relapsed, service)
	return since, recovered
}

// relapse records that service, once ready, is unhealthy. It returns
// false when the service was never ready (its check says it is broken),
// and first when this relapse was not known before.
func (m *healthMemory) relapse(service string) (relapsed, first bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.ready[service] {
		return false, false
	}
	if _, known := m.relapsed[service]; known {
		return true, false
	}
	if m.relapsed == nil {
		m.relapsed = map[string]time.Time{}
	}
	m.relapsed[service] = time.Now()
	return true, true
}

// unhealthy is a wait's answer to service's unhealthy status: the failure
// of one never ready, or none for a relapse, which it tells the log once.
func (l *Lab) unhealthy(service string, h *container.Health) string {
	relapsed, first := l.health.relapse(service)
	if !relapsed {
		return "became unhealthy"
	}
	if first {
		l.out.printf("service %s turned unhealthy after it was ready (%s); waiting for it to be healthy again", service, lastProbe(h))
	}
	return ""
}

// nowReady records that service is ready, and tells the log once when
// this ends a relapse.
func (l *Lab) nowReady(service string) {
	if from, recovered := l.health.markReady(service); recovered {
		l.out.printf("service %s healthy again after %s unhealthy", service, since(from))
	}
}

// lastProbe describes the last health probe Docker kept, for the log.
func lastProbe(h *container.Health) string {
	if h == nil || len(h.Log) == 0 {
		return "no probe output kept"
	}
	last := h.Log[len(h.Log)-1]
	out := strings.TrimSpace(last.Output)
	if len(out) > 120 {
		out = out[:120] + "..."
	}
	return fmt.Sprintf("last probe exit %d: %q", last.ExitCode, out)
}

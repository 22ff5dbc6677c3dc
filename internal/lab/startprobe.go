package lab

import (
	"context"
	"sync"
	"time"

	"github.com/docker/docker/api/types/container"

	"github.com/saltlab/saltlab/internal/poll"
)

const (
	// startProbeInterval spaces saltlab's own runs of a starting
	// container's health test. Docker runs its first probe only one
	// health-check interval after the start (Engine 25's start_interval,
	// which Engine 20.10 lacks, exists for this), and Up's dependants
	// wait on it.
	startProbeInterval = 100 * time.Millisecond
	// startProbeWindowMax caps how long after a container's start saltlab
	// runs its test: twice the check's interval, by when Docker's own
	// probes have taken over, and never longer than this.
	startProbeWindowMax = 2 * time.Second
	// defaultProbeTimeout is Docker's timeout of a health test that
	// names none.
	defaultProbeTimeout = 30 * time.Second
)

// startProbes runs each starting service's own health test from the
// moment Up started it, so a service that is ready before Docker's first
// probe is ready then: the same command, only sooner.
type startProbes struct {
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	mu     sync.Mutex
	passed map[string]bool
}

func newStartProbes(ctx context.Context) *startProbes {
	ctx, cancel := context.WithCancel(ctx)
	return &startProbes{ctx: ctx, cancel: cancel, passed: map[string]bool{}}
}

// stop ends the probes still running and waits for them.
func (p *startProbes) stop() {
	p.cancel()
	p.wg.Wait()
}

// ready says whether service's own test passed at its start.
func (p *startProbes) ready(service string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.passed[service]
}

// beginStartProbe starts probing service, which Up has just started (so
// the window counts from now), unless the caller's Readiness judges it (a
// minion, whose start event says more, sooner) or it has no test to run.
func (l *Lab) beginStartProbe(service string) {
	p := l.probes
	if p == nil || (l.readiness != nil && l.readiness.Judges(service)) {
		return
	}
	argv, timeout, window, ok := startProbeOf(l.specs[service].config.Healthcheck)
	if !ok {
		return
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		passed, _ := poll.Run(p.ctx, poll.Bounds{Deadline: time.Now().Add(window), Interval: startProbeInterval}, func(ctx context.Context, _ time.Duration) bool {
			ctx, cancel := context.WithTimeout(ctx, timeout)
			defer cancel()
			res, err := l.Exec(ctx, service, argv)
			return err == nil && res.ExitCode == 0
		})
		if passed {
			p.mu.Lock()
			p.passed[service] = true
			p.mu.Unlock()
			if pl, ok := l.readiness.(ProbeListener); ok {
				pl.ProbePassed(service)
			}
			l.Changed(service)
		}
	}()
}

// startProbeOf is the argv Docker would run for hc, its timeout, and how
// long after the start saltlab runs it; ok is false without a test.
func startProbeOf(hc *container.HealthConfig) (argv []string, timeout, window time.Duration, ok bool) {
	if hc == nil || len(hc.Test) < 2 {
		return nil, 0, 0, false
	}
	switch hc.Test[0] {
	case "CMD":
		argv = hc.Test[1:]
	case "CMD-SHELL":
		argv = []string{"/bin/sh", "-c", hc.Test[1]}
	default:
		return nil, 0, 0, false
	}
	timeout = hc.Timeout
	if timeout <= 0 {
		timeout = defaultProbeTimeout
	}
	window = startProbeWindowMax
	if hc.Interval > 0 {
		window = min(2*hc.Interval, startProbeWindowMax)
	}
	return argv, timeout, window, true
}

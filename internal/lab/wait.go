package lab

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/docker/docker/api/types/container"

	"github.com/saltlab/saltlab/internal/poll"
)

const (
	// healthPollInterval is how often waits inspect a container when the
	// engine's events do not wake them; health probes in lab files run
	// every 200-500 ms, so this adds little latency.
	healthPollInterval = 250 * time.Millisecond
	// diagnosticsTimeout bounds collecting state and logs for an error
	// message, which may happen after the wait's own context expired.
	diagnosticsTimeout = 10 * time.Second
	// failureLogLines is how many log lines an Up error shows.
	failureLogLines = 20
)

// waitHealthy waits until the service's container reports healthy, or
// runs and the caller's Readiness says it is ready. It returns the
// evidence it went by.
//
// A service that turns unhealthy before it was ever ready fails at once:
// its own check says it is broken. One that was ready earlier in this Up
// and turns unhealthy has relapsed, which is what a master's strict probe
// (three failures, about 4.5 s) does while fifty minions start on two
// cores; the wait then gives it the rest of its bound to be healthy again,
// and says so, instead of failing a lab that recovers.
func (l *Lab) waitHealthy(ctx context.Context, service string) (string, error) {
	by := "Docker health check"
	err := l.poll(ctx, service, "become healthy", l.startPeriod(service), func(st *container.State) (bool, string) {
		evidence, ready := l.readyBy(service)
		switch {
		case st.Restarting:
			return false, "is restarting after a crash"
		case !st.Running:
			return false, "exited before becoming healthy"
		case ready:
			by = evidence
		case st.Health == nil:
			return false, "has no healthcheck, so it can never become healthy"
		case st.Health.Status == container.Unhealthy:
			return false, l.unhealthy(service, st.Health)
		case st.Health.Status != container.Healthy:
			return false, "" // still starting
		}
		l.nowReady(service)
		return true, ""
	})
	return by, err
}

// waitCompleted waits until the service's container exited with code 0.
func (l *Lab) waitCompleted(ctx context.Context, service string) error {
	return l.poll(ctx, service, "complete", 0, func(st *container.State) (bool, string) {
		switch {
		case st.Restarting:
			return false, "is restarting after a failure"
		case st.Status == container.StateExited || st.Status == container.StateDead:
			if st.ExitCode == 0 {
				return true, ""
			}
			return false, fmt.Sprintf("exited with code %d", st.ExitCode)
		}
		return false, ""
	})
}

// awaitSettled is Up's last phase: every container with a healthcheck
// (from the compose file or the image) must be healthy, and no container
// may have crashed. Containers that exited 0 are one-shots and fine.
func (l *Lab) awaitSettled(ctx context.Context) error {
	for _, name := range l.Services() {
		st, err := l.inspectState(ctx, name)
		if err != nil {
			return err
		}
		if st.Health == nil || st.Health.Status == container.NoHealthcheck {
			continue
		}
		t := time.Now()
		by, err := l.waitHealthy(ctx, name)
		if err != nil {
			return err
		}
		l.out.printf("service %s ready by its %s (waited %s)", name, by, since(t))
	}
	for _, name := range l.Services() {
		st, err := l.inspectState(ctx, name)
		if err != nil {
			return err
		}
		if st.Restarting || (!st.Running && st.ExitCode != 0) {
			return l.failure(ctx, name, fmt.Sprintf("exited with code %d during up", st.ExitCode))
		}
	}
	return nil
}

// startPeriod is the start_period of the service's health check: the time
// its own definition gives it to start before a failed check counts
// (Docker's rule), so a health wait adds it to HealthTimeout. A swarm of
// real minions declares one by its size (knobs.swarmService).
func (l *Lab) startPeriod(service string) time.Duration {
	svc, ok := l.project.Services[service]
	if !ok || svc.HealthCheck == nil || svc.HealthCheck.StartPeriod == nil {
		return 0
	}
	return time.Duration(*svc.HealthCheck.StartPeriod)
}

// poll inspects the service's container until check reports done or a
// failure, or HealthTimeout (plus the service's own start period, when
// waiting for health) passes: at each engine event of the container while
// Up follows them (l.changes), every healthPollInterval otherwise.
func (l *Lab) poll(ctx context.Context, service, what string, start time.Duration, check func(*container.State) (done bool, failure string)) error {
	bound := l.opts.HealthTimeout + start
	explain := fmt.Sprintf("HealthTimeout %s", l.opts.HealthTimeout)
	if start > 0 {
		explain += fmt.Sprintf(" + the service's start_period %s", start)
	}
	deadline := time.Now().Add(bound)
	announced := false
	var settled error // an inspect error or the container's failure
	bounds := poll.Bounds{Deadline: deadline, Interval: healthPollInterval}
	if c := l.changes.Load(); c != nil {
		bounds.Interval = l.eventFallback
		bounds.Wake = func() <-chan struct{} { return c.wake(service) }
	}
	done, err := poll.Run(ctx, bounds, func(ctx context.Context, _ time.Duration) bool {
		st, err := l.inspectState(ctx, service)
		if err != nil {
			settled = err
			return true
		}
		done, failure := check(st)
		if done {
			return true
		}
		if failure != "" {
			settled = l.failure(ctx, service, failure)
			return true
		}
		if !announced {
			// Said once, so a long wait names what it waits for and until when.
			l.out.printf("waiting for service %s to %s (until %s: %s)", service, what, deadline.Format("15:04:05"), explain)
			announced = true
		}
		return false
	})
	switch {
	case err != nil:
		return fmt.Errorf("wait for service %q to %s: %w", service, what, ctx.Err())
	case !done:
		return l.failure(ctx, service, fmt.Sprintf("did not %s within %s (%s)", what, bound, explain))
	}
	return settled
}

func (l *Lab) inspectState(ctx context.Context, service string) (*container.State, error) {
	ref, err := l.ref(service)
	if err != nil {
		return nil, err
	}
	info, err := l.cli.ContainerInspect(ctx, ref)
	if err != nil {
		return nil, fmt.Errorf("inspect container of service %q: %w", service, err)
	}
	if info.ContainerJSONBase == nil || info.State == nil {
		return nil, fmt.Errorf("inspect container of service %q: no state in response", service)
	}
	return info.State, nil
}

// failure builds the error for a service that failed during Up: its
// state, exit code, last health probe output and last log lines, which is
// usually all one needs to see why.
func (l *Lab) failure(ctx context.Context, service, reason string) error {
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), diagnosticsTimeout)
	defer cancel()
	var b strings.Builder
	fmt.Fprintf(&b, "service %q %s", service, reason)
	if st, err := l.inspectState(dctx, service); err != nil {
		fmt.Fprintf(&b, " (state unknown: %v)", err)
	} else {
		health := "none"
		if st.Health != nil {
			health = st.Health.Status
		}
		fmt.Fprintf(&b, " [state %s, exit code %d, health %s", st.Status, st.ExitCode, health)
		if st.OOMKilled {
			b.WriteString(", OOM-killed")
		}
		b.WriteString("]")
		if st.Health != nil && len(st.Health.Log) > 0 {
			last := st.Health.Log[len(st.Health.Log)-1]
			fmt.Fprintf(&b, "\nlast health probe (exit %d): %s", last.ExitCode, strings.TrimSpace(last.Output))
		}
	}
	logs, err := l.Logs(dctx, service, failureLogLines)
	if err != nil {
		fmt.Fprintf(&b, "\n(logs unavailable: %v)", err)
	} else {
		fmt.Fprintf(&b, "\n--- last %d log lines of %s ---\n%s", failureLogLines, containerName(l.opts.Project, service), strings.TrimRight(logs, "\n"))
	}
	return fmt.Errorf("%s", b.String())
}

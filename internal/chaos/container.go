package chaos

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/poll"
)

// Ledger data keys.
const (
	dataContainer = "container" // target container id
	dataService   = "service"
	dataStatus    = "status" // the container's status before the fault
)

// KindRestart restarts a container; the other lifecycle kinds' strings
// are the history's (spec.go).
const KindRestart fault.Kind = "restart"

func init() {
	register(Def{Kind: KindStop, Place: 100,
		Mechanism: "Docker stop (SIGTERM, 10 s grace); heal: start",
		Salt:      "the master's sockets close at once, so failover minions notice within master_alive_interval — unless masters are listed by Docker service name: a stopped container's name stops resolving and the alive check silently does nothing (§1.9, surprise 3)",
		inject:    containerFault(stopContainer), undo: undoRunning})
	register(Def{Kind: KindKill, Place: 110,
		Args:      []Arg{{Option: optSignal, Example: "SIGKILL", Optional: true, Help: "signal (default SIGKILL)"}},
		Mechanism: "Docker kill with the signal; heal: start if it exited",
		Salt:      "like stop but without a clean shutdown; a foreground daemon that exits 0 is not restarted by an on-failure policy",
		inject:    containerFault(killContainer), undo: undoRunning})
	register(Def{Kind: KindPause, Place: 120,
		Mechanism: "Docker pause (cgroup freezer); heal: unpause",
		Salt:      "the kernel keeps the TCP connections ESTABLISHED and even completes new handshakes, so the alive check sees nothing and failover minions do NOT fail over; salt-call and publishes to that master just time out (§1.9)",
		inject:    containerFault(pauseContainer), undo: undoRunning})
	register(Def{Kind: KindRestart, Place: 130,
		Mechanism: "Docker restart; heal: start if it is not running",
		Salt:      "a short outage: minions reconnect to the same master; jobs in flight on it are lost (returns go only to the publishing master)",
		inject:    containerFault(restartContainer), undo: undoRunning})
}

// stopGraceSeconds is the stop timeout of the stop fault.
const stopGraceSeconds = 10

// target inspects the running container of service.
func (e *Engine) target(ctx context.Context, service string) (container.InspectResponse, error) {
	info, err := e.docker.ContainerInspect(ctx, e.containerName(service))
	if err != nil {
		return info, fmt.Errorf("find container of service %q in project %s: %w", service, e.project, err)
	}
	if info.State == nil || !info.State.Running {
		return info, fmt.Errorf("service %q is not running (status %s)", service, status(info))
	}
	return info, nil
}

// unpausedTarget is target for the faults that act inside the container or
// on its lifecycle: a paused one takes no exec, and a stop, kill, restart
// or second pause of it would leave a state the undo cannot tell from its
// own (the undo brings it back running, not paused), so it is refused
// before the ledger; network faults act from their helper and take a
// paused target.
func (e *Engine) unpausedTarget(ctx context.Context, service string) (container.InspectResponse, error) {
	info, err := e.target(ctx, service)
	if err == nil && info.State.Paused {
		return info, fmt.Errorf("service %q is paused (by a pause fault or docker pause): heal or unpause it first (`saltlab heal`, or docker unpause %s)", service, e.containerName(service))
	}
	return info, err
}

func status(info container.InspectResponse) string {
	if info.ContainerJSONBase == nil || info.State == nil {
		return "unknown"
	}
	return info.State.Status
}

// containerFault records and applies a lifecycle fault through the API.
func containerFault(act func(ctx context.Context, d Docker, id string, s Spec) error) func(context.Context, *Engine, Spec) (fault.Entry, error) {
	return func(ctx context.Context, e *Engine, s Spec) (fault.Entry, error) {
		svc := s.Targets[0]
		info, err := e.unpausedTarget(ctx, svc)
		if err != nil {
			return fault.Entry{}, err
		}
		data := map[string]string{dataContainer: info.ID, dataService: svc, dataStatus: status(info)}
		if s.Kind == KindKill {
			data["signal"] = killSignal(s)
		}
		en, err := e.record(s, data)
		if err != nil {
			return en, err
		}
		if err := act(ctx, e.docker, info.ID, s); err != nil {
			return en, fmt.Errorf("%s %s: %w", s.Kind, svc, err)
		}
		e.logf("%s %s (fault %d)", s.Kind, svc, en.ID)
		return en, nil
	}
}

func stopContainer(ctx context.Context, d Docker, id string, _ Spec) error {
	secs := stopGraceSeconds
	return d.ContainerStop(ctx, id, container.StopOptions{Timeout: &secs})
}

func killContainer(ctx context.Context, d Docker, id string, s Spec) error {
	return d.ContainerKill(ctx, id, killSignal(s))
}

func killSignal(s Spec) string {
	if s.Signal == "" {
		return "SIGKILL"
	}
	return s.Signal
}

// pauseWithin bounds the attempts at `docker pause`: the cgroup v1
// freezer gives up ("unable to freeze") when a busy container's tasks do
// not all stop in runc's own short wait, and runc thaws it again, so the
// container is as before and another attempt is safe. Seen on a 2-core
// engine running three labs at once; one retry sufficed.
const pauseWithin = 10 * time.Second

// pauseRetryEvery spaces the attempts.
const pauseRetryEvery = 250 * time.Millisecond

func pauseContainer(ctx context.Context, d Docker, id string, _ Spec) error {
	return pauseRetrying(ctx, d, id)
}

// pauser is what a pause needs of an engine: the lab's, or the host's
// for a swarm node's container.
type pauser interface {
	ContainerPause(ctx context.Context, containerID string) error
}

// pauseRetrying pauses id, trying again while the freezer gives up.
func pauseRetrying(ctx context.Context, d pauser, id string) error {
	var err error
	done, perr := poll.Run(ctx, poll.Bounds{Deadline: time.Now().Add(pauseWithin), Interval: pauseRetryEvery}, func(ctx context.Context, _ time.Duration) bool {
		err = d.ContainerPause(ctx, id)
		return err == nil || !freezerGaveUp(err)
	})
	switch {
	case done:
		return err
	case perr != nil:
		return perr
	}
	return fmt.Errorf("pause within %s: %w", pauseWithin, err)
}

// freezerGaveUp tells runc's transient freezer failure from the rest.
func freezerGaveUp(err error) bool {
	return strings.Contains(err.Error(), "unable to freeze")
}

func restartContainer(ctx context.Context, d Docker, id string, _ Spec) error {
	secs := stopGraceSeconds
	return d.ContainerRestart(ctx, id, container.StopOptions{Timeout: &secs})
}

// undoRunning brings the recorded container back to running: unpause if
// paused, start if stopped. A container that is gone needs nothing.
func undoRunning(ctx context.Context, e *Engine, en fault.Entry) error {
	id := en.Data[dataContainer]
	if id == "" {
		// Entries of the older `I stop` step carry only the service.
		id = e.containerName(en.Target)
	}
	info, err := e.docker.ContainerInspect(ctx, id)
	if errdefs.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("inspect %s: %w", en.Target, err)
	}
	switch {
	case info.State == nil:
		return nil
	case info.State.Paused:
		if err := e.docker.ContainerUnpause(ctx, id); err != nil && !errdefs.IsNotFound(err) {
			return fmt.Errorf("unpause %s: %w", en.Target, err)
		}
	case !info.State.Running && !info.State.Restarting:
		if err := e.docker.ContainerStart(ctx, id, container.StartOptions{}); err != nil && !errdefs.IsNotFound(err) {
			return fmt.Errorf("start %s: %w", en.Target, err)
		}
	}
	return nil
}

package lab

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net"
	"strconv"
	"time"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/pkg/stdcopy"
)

// State is a service container's state as chaos steps need it.
type State struct {
	Status     string // created, running, paused, restarting, exited, dead
	Running    bool
	Paused     bool
	Restarting bool
	// Health is "healthy", "unhealthy", "starting", or "" without healthcheck.
	Health string
	// Check is the container's health check as created (nil: none).
	Check    *container.HealthConfig
	ExitCode int
	// IPs maps compose network keys (e.g. "default") to the container's
	// IPv4 address; networks not of the project appear under their Docker
	// name.
	IPs map[string]string
	// Ports maps a published container port ("80/tcp") to its host address
	// ("127.0.0.1:49153"); the host port is ephemeral unless the compose
	// file fixed it.
	Ports map[string]string
}

// Stop stops the service's container, killing it after timeout (rounded
// up to whole seconds, the API's unit; negative means the container's
// stop_grace_period). The stop signal is the image's or stop_signal:
// StopOptions.Signal is ignored below API 1.42.
func (l *Lab) Stop(ctx context.Context, service string, timeout time.Duration) error {
	ref, err := l.ref(service)
	if err != nil {
		return err
	}
	opts := container.StopOptions{}
	if timeout >= 0 {
		secs := int(math.Ceil(timeout.Seconds()))
		opts.Timeout = &secs
	}
	if err := l.cli.ContainerStop(ctx, ref, opts); err != nil {
		return fmt.Errorf("stop service %q: %w", service, err)
	}
	return nil
}

// Start starts the service's stopped container again.
func (l *Lab) Start(ctx context.Context, service string) error {
	ref, err := l.ref(service)
	if err != nil {
		return err
	}
	if err := l.cli.ContainerStart(ctx, ref, container.StartOptions{}); err != nil {
		return fmt.Errorf("start service %q: %w", service, err)
	}
	return nil
}

// Unpause resumes the service's paused container (docker unpause).
func (l *Lab) Unpause(ctx context.Context, service string) error {
	ref, err := l.ref(service)
	if err != nil {
		return err
	}
	if err := l.cli.ContainerUnpause(ctx, ref); err != nil {
		return fmt.Errorf("unpause service %q: %w", service, err)
	}
	return nil
}

// Kill sends signal (e.g. "SIGKILL", "SIGTERM", "9") to the service's
// container.
func (l *Lab) Kill(ctx context.Context, service, signal string) error {
	ref, err := l.ref(service)
	if err != nil {
		return err
	}
	if err := l.cli.ContainerKill(ctx, ref, signal); err != nil {
		return fmt.Errorf("kill service %q with %s: %w", service, signal, err)
	}
	return nil
}

// Logs returns the last tail lines of the service's stdout and stderr,
// interleaved as written; tail <= 0 returns everything.
func (l *Lab) Logs(ctx context.Context, service string, tail int) (string, error) {
	ref, err := l.ref(service)
	if err != nil {
		return "", err
	}
	info, err := l.cli.ContainerInspect(ctx, ref)
	if err != nil {
		return "", fmt.Errorf("inspect container of service %q: %w", service, err)
	}
	opts := container.LogsOptions{ShowStdout: true, ShowStderr: true, Tail: "all"}
	if tail > 0 {
		opts.Tail = strconv.Itoa(tail)
	}
	rc, err := l.cli.ContainerLogs(ctx, ref, opts)
	if err != nil {
		return "", fmt.Errorf("logs of service %q: %w", service, err)
	}
	defer rc.Close()
	var buf bytes.Buffer
	if info.Config != nil && info.Config.Tty {
		// A TTY container's log stream has no multiplexing headers.
		_, err = io.Copy(&buf, rc)
	} else {
		_, err = stdcopy.StdCopy(&buf, &buf, rc)
	}
	if err != nil {
		return buf.String(), fmt.Errorf("read logs of service %q: %w", service, err)
	}
	return buf.String(), nil
}

// CopyOut returns path in the service's container as the tar stream of
// Docker's archive API (docker cp): a directory's entries are named under
// its base name ("salt/master" for /var/log/salt). It works on stopped
// containers too. A path (or container) that does not exist is an error
// matching fs.ErrNotExist, so callers need no Docker error types.
func (l *Lab) CopyOut(ctx context.Context, service, path string) (io.ReadCloser, error) {
	ref, err := l.ref(service)
	if err != nil {
		return nil, err
	}
	rc, _, err := l.cli.CopyFromContainer(ctx, ref, path)
	if errdefs.IsNotFound(err) {
		err = errors.Join(fs.ErrNotExist, err)
	}
	if err != nil {
		return nil, fmt.Errorf("copy %s out of service %q: %w", path, service, err)
	}
	return rc, nil
}

// State inspects the service's container.
func (l *Lab) State(ctx context.Context, service string) (State, error) {
	ref, err := l.ref(service)
	if err != nil {
		return State{}, err
	}
	info, err := l.cli.ContainerInspect(ctx, ref)
	if err != nil {
		return State{}, fmt.Errorf("inspect container of service %q: %w", service, err)
	}
	var out State
	if info.ContainerJSONBase != nil && info.State != nil {
		st := info.State
		out = State{Status: st.Status, Running: st.Running, Paused: st.Paused, Restarting: st.Restarting, ExitCode: st.ExitCode}
		if st.Health != nil && st.Health.Status != container.NoHealthcheck {
			out.Health = st.Health.Status
		}
	}
	if info.Config != nil && info.Config.Healthcheck != nil && len(info.Config.Healthcheck.Test) > 0 && info.Config.Healthcheck.Test[0] != "NONE" {
		out.Check = info.Config.Healthcheck
	}
	out.IPs = map[string]string{}
	if info.NetworkSettings != nil {
		keys := map[string]string{} // docker network name -> compose key
		for key, n := range l.project.Networks {
			keys[n.Name] = key
		}
		for name, ep := range info.NetworkSettings.Networks {
			if ep == nil || ep.IPAddress == "" {
				continue
			}
			if key, ok := keys[name]; ok {
				name = key
			}
			out.IPs[name] = ep.IPAddress
		}
		out.Ports = map[string]string{}
		for port, bindings := range info.NetworkSettings.Ports {
			if len(bindings) > 0 {
				out.Ports[string(port)] = net.JoinHostPort(bindings[0].HostIP, bindings[0].HostPort)
			}
		}
	}
	return out, nil
}

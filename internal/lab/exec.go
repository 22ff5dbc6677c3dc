package lab

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"time"

	dockertypes "github.com/docker/docker/api/types"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/pkg/stdcopy"

	"github.com/saltlab/saltlab/internal/poll"
)

// execPollInterval is how often Exec asks for the exit code after the
// output stream ended: the daemon may close the stream a moment before it
// records the exit code.
const execPollInterval = 10 * time.Millisecond

// ExecResult is the outcome of a command run in a container.
type ExecResult struct {
	Stdout, Stderr string
	ExitCode       int
}

// Exec runs argv in the service's running container and returns its
// output and exit code. A command that fails, even one whose binary does
// not exist (exit 126/127, the runtime's message on stdout), is a result,
// not an error; errors are for the API (container not running, paused...).
func (l *Lab) Exec(ctx context.Context, service string, argv []string) (ExecResult, error) {
	ref, err := l.ref(service)
	if err != nil {
		return ExecResult{}, err
	}
	res, err := ExecIn(ctx, l.cli, ref, argv)
	if err != nil {
		return res, fmt.Errorf("in service %q: %w", service, err)
	}
	return res, nil
}

// Execer is the part of the Docker client ExecIn needs.
type Execer interface {
	ContainerExecCreate(ctx context.Context, containerID string, options container.ExecOptions) (container.ExecCreateResponse, error)
	ContainerExecAttach(ctx context.Context, execID string, options container.ExecAttachOptions) (dockertypes.HijackedResponse, error)
	ContainerExecInspect(ctx context.Context, execID string) (container.ExecInspect, error)
}

// ExecIn runs argv in the running container ref (id or name), with the
// result semantics of Lab.Exec. Chaos helpers use it on containers that are
// not services of a lab.
func ExecIn(ctx context.Context, cli Execer, ref string, argv []string) (ExecResult, error) {
	var res ExecResult
	created, err := cli.ContainerExecCreate(ctx, ref, container.ExecOptions{Cmd: argv, AttachStdout: true, AttachStderr: true})
	if err != nil {
		return res, fmt.Errorf("exec %q: %w", argv, err)
	}
	hr, err := cli.ContainerExecAttach(ctx, created.ID, container.ExecAttachOptions{})
	if err != nil {
		return res, fmt.Errorf("attach to exec %q: %w", argv, err)
	}
	defer hr.Close()
	// The hijacked connection ignores ctx; closing it unblocks the copy.
	stop := context.AfterFunc(ctx, hr.Close)
	defer stop()
	var stdout, stderr bytes.Buffer
	_, copyErr := stdcopy.StdCopy(&stdout, &stderr, hr.Reader)
	res.Stdout, res.Stderr = stdout.String(), stderr.String()
	if ctx.Err() != nil {
		return res, fmt.Errorf("exec %q: %w", argv, ctx.Err())
	}
	if copyErr != nil {
		return res, fmt.Errorf("read output of exec %q: %w", argv, copyErr)
	}
	var inspectErr error
	_, err = poll.Run(ctx, poll.Bounds{Interval: execPollInterval}, func(ctx context.Context, _ time.Duration) bool {
		info, err := cli.ContainerExecInspect(ctx, created.ID)
		if err != nil {
			inspectErr = fmt.Errorf("inspect exec %q: %w", argv, err)
			return true
		}
		if !info.Running {
			res.ExitCode = info.ExitCode
			return true
		}
		return false
	})
	if err != nil {
		return res, fmt.Errorf("exec %q: %w", argv, ctx.Err())
	}
	return res, inspectErr
}

// Stream runs argv in the service's running container and copies its
// stdout to w until the command exits or ctx ends: the event watcher's
// long-running `salt-run state.event`. Stderr is dropped. Ending ctx
// closes the attachment only; like every exec, the process inside the
// container is not signalled. Its stdin stays open while attached and
// closes with the attachment, so a command that ends when its stdin
// closes (client.UntilStdinCloses) ends with the stream.
func (l *Lab) Stream(ctx context.Context, service string, argv []string, w io.Writer) error {
	ref, err := l.ref(service)
	if err != nil {
		return err
	}
	created, err := l.cli.ContainerExecCreate(ctx, ref, container.ExecOptions{Cmd: argv, AttachStdin: true, AttachStdout: true, AttachStderr: true})
	if err != nil {
		return fmt.Errorf("exec %q in service %q: %w", argv, service, err)
	}
	hr, err := l.cli.ContainerExecAttach(ctx, created.ID, container.ExecAttachOptions{})
	if err != nil {
		return fmt.Errorf("attach to exec %q in service %q: %w", argv, service, err)
	}
	defer hr.Close()
	stop := context.AfterFunc(ctx, hr.Close)
	defer stop()
	_, err = stdcopy.StdCopy(w, io.Discard, hr.Reader)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return fmt.Errorf("read output of exec %q in service %q: %w", argv, service, err)
	}
	return fmt.Errorf("exec %q in service %q ended", argv, service)
}

// Attach runs argv in the service's running container with its stdin
// and stdout attached, for a command that answers what it is asked for
// as long as it runs (the run's function probe of a master, one exec
// instead of one a probe). Writes go to its stdin; reads give its stdout
// (stderr is dropped) until it exits. Close closes the attachment and so
// the command's stdin: a command that ends at the end of its input ends.
func (l *Lab) Attach(ctx context.Context, service string, argv []string) (io.ReadWriteCloser, error) {
	ref, err := l.ref(service)
	if err != nil {
		return nil, err
	}
	created, err := l.cli.ContainerExecCreate(ctx, ref, container.ExecOptions{Cmd: argv, AttachStdin: true, AttachStdout: true, AttachStderr: true})
	if err != nil {
		return nil, fmt.Errorf("exec %q in service %q: %w", argv, service, err)
	}
	hr, err := l.cli.ContainerExecAttach(ctx, created.ID, container.ExecAttachOptions{})
	if err != nil {
		return nil, fmt.Errorf("attach to exec %q in service %q: %w", argv, service, err)
	}
	pr, pw := io.Pipe()
	go func() {
		_, err := stdcopy.StdCopy(pw, io.Discard, hr.Reader)
		pw.CloseWithError(cmp.Or(err, io.EOF))
	}()
	return &attached{hr: hr, out: pr}, nil
}

// attached is an exec attached by Attach.
type attached struct {
	hr  dockertypes.HijackedResponse
	out *io.PipeReader
}

func (a *attached) Write(p []byte) (int, error) { return a.hr.Conn.Write(p) }
func (a *attached) Read(p []byte) (int, error)  { return a.out.Read(p) }

// Close closes the attachment; the output copy then ends too.
func (a *attached) Close() error {
	a.hr.Close()
	return a.out.Close()
}

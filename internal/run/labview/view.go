// Package labview presents a running lab (*lab.Lab) with its x-saltlab
// roles as the rest of the run drives it: the scenarios' Lab
// (scenario.Lab), the recording Salt client's Execer, and the event
// watcher's streams. It is the only adapter between the lab room's Docker
// calls and the Salt-side code that runs commands in its containers.
package labview

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/scenario"
)

// View presents a *lab.Lab and its roles as the scenarios' Lab.
type View struct {
	l     *lab.Lab
	roles roles.Roles
}

// Of is the view of l, whose roles are r.
func Of(l *lab.Lab, r roles.Roles) View { return View{l: l, roles: r} }

var _ scenario.Lab = View{}

// Roles says which service plays which Salt role.
func (a View) Roles() roles.Roles { return a.roles }

func (a View) Services() []string { return a.l.Services() }

func (a View) Exec(ctx context.Context, service string, argv []string) (scenario.Output, error) {
	r, err := a.l.Exec(ctx, service, argv)
	return scenario.Output{Stdout: r.Stdout, Stderr: r.Stderr, ExitCode: r.ExitCode}, err
}

func (a View) Stop(ctx context.Context, service string, timeout time.Duration) error {
	return a.l.Stop(ctx, service, timeout)
}

func (a View) Start(ctx context.Context, service string) error { return a.l.Start(ctx, service) }

// Published is the host address a container port of the service is
// published on.
func (a View) Published(ctx context.Context, service, port string) (string, error) {
	st, err := a.l.State(ctx, service)
	if err != nil {
		return "", err
	}
	addr, ok := st.Ports[port]
	if !ok {
		return "", fmt.Errorf("service %s publishes no port %s", service, port)
	}
	return addr, nil
}

// Status describes a service's container: its health, "running"
// without a health check, or "exited N".
func (a View) Status(ctx context.Context, service string) (string, error) {
	st, err := a.l.State(ctx, service)
	if err != nil {
		return "", err
	}
	switch {
	case st.Running && st.Health != "":
		return st.Health, nil
	case st.Running:
		return "running", nil
	default:
		return fmt.Sprintf("exited %d", st.ExitCode), nil
	}
}

// Stream runs argv in the service's container and copies its output to
// w until it ends or ctx does (the event watcher's streams).
func (a View) Stream(ctx context.Context, service string, argv []string, w io.Writer) error {
	return a.l.Stream(ctx, service, argv, w)
}

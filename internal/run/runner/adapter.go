package runner

import (
	"context"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/run/scenario"
)

// labAdapter presents a *lab.Lab and its roles as the steps' Lab.
type labAdapter struct {
	l     *lab.Lab
	roles roles.Roles
}

func (a labAdapter) Roles() roles.Roles { return a.roles }

var _ scenario.Lab = labAdapter{}

func (a labAdapter) Services() []string { return a.l.Services() }

func (a labAdapter) Exec(ctx context.Context, service string, argv []string) (scenario.Output, error) {
	r, err := a.l.Exec(ctx, service, argv)
	return scenario.Output{Stdout: r.Stdout, Stderr: r.Stderr, ExitCode: r.ExitCode}, err
}

func (a labAdapter) Stop(ctx context.Context, service string, timeout time.Duration) error {
	return a.l.Stop(ctx, service, timeout)
}

func (a labAdapter) Start(ctx context.Context, service string) error { return a.l.Start(ctx, service) }

func (a labAdapter) Published(ctx context.Context, service, port string) (string, error) {
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

func (a labAdapter) Status(ctx context.Context, service string) (string, error) {
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

package ops

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/access"
	"github.com/saltlab/saltlab/internal/run/status"
)

// Opened is a saved run's lab, loaded for inspection. Close releases the
// Docker client.
type Opened struct {
	Lab   *lab.Lab
	Roles roles.Roles
	State runstate.State
	cli   *client.Client
	// Target is where the lab runs (the host's engine, or a swarm).
	Target *access.Target
}

// Close releases the Docker client.
func (o *Opened) Close() error { return errors.Join(o.Target.Close(), o.cli.Close()) }

// Open finds a run's saved state (Which's rule) and loads its lab for
// inspection. Nothing is created.
func Open(ctx context.Context, w Which) (*Opened, error) {
	if err := w.Check(); err != nil {
		return nil, err
	}
	cli, err := dockerx.New(ctx)
	if err != nil {
		return nil, err
	}
	st, err := w.pick(ctx, cli)
	if err == nil && st.Project == "" {
		err = lostState("open run", st)
	}
	if err == nil {
		var o *Opened
		if o, err = openOn(ctx, cli, st); err == nil {
			return o, nil
		}
	}
	cli.Close()
	return nil, err
}

// openOn loads the lab of st on its engine (OpenTarget) through cli.
func openOn(ctx context.Context, cli *client.Client, st runstate.State) (*Opened, error) {
	t, err := access.OpenTarget(ctx, cli, st, nil)
	if err != nil {
		return nil, err
	}
	l, r, err := access.Open(ctx, t.Docker, st)
	if err == nil {
		err = t.Bind(l, r)
	}
	if err != nil {
		t.Close()
		return nil, err
	}
	return &Opened{Lab: l, Roles: r, State: st, cli: cli, Target: t}, nil
}

// Status probes a run's lab: containers, master keys, minion connections
// and the salt-api through its load balancer. A run whose salt-api
// credentials cannot be read is still probed (the API row then fails
// visibly); the reason goes to warn.
func Status(ctx context.Context, w Which, warn io.Writer) (status.Report, error) {
	o, err := Open(ctx, w)
	if err != nil {
		return status.Report{}, err
	}
	defer o.Close()
	st := o.State
	creds, err := access.Creds(st)
	if err != nil {
		fmt.Fprintf(warn, "saltlab: warning: %v\n", err)
	}
	r := status.Collect(ctx, o.Lab, o.Roles, []status.Check{status.APICheck(o.Roles, st.Topology, creds)})
	r.RunID, r.Project, r.Topology, r.Flavor = st.RunID, st.Project, st.Topology, st.Flavor
	return r, nil
}

// ServiceLog is one service's container log.
type ServiceLog struct {
	Service, Container, Text string
}

// Logs reads the container logs of a run's services (every service when
// none is named), the last tail lines of each (0: all).
func Logs(ctx context.Context, w Which, tail int, services ...string) ([]ServiceLog, error) {
	o, err := Open(ctx, w)
	if err != nil {
		return nil, err
	}
	defer o.Close()
	l := o.Lab
	if err := knownServices(l.Services(), services...); err != nil {
		return nil, err
	}
	if len(services) == 0 {
		services = l.Services()
	}
	var out []ServiceLog
	for _, s := range services {
		text, err := l.Logs(ctx, s, tail)
		if err != nil {
			return out, err
		}
		out = append(out, ServiceLog{Service: s, Container: l.ContainerName(s), Text: text})
	}
	return out, nil
}

// Package steps holds the Gherkin step definitions. They drive Salt only
// through its CLIs inside the lab's containers, so the same steps run against
// real Salt and the Salt double. Scenario state lives in a per-scenario world;
// faults go through the fault ledger and are undone in the After hook.
package steps

import (
	"context"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/lab/roles"
)

// Output is what a command printed inside a container and how it exited.
type Output = client.Output

// Lab is what the steps need from a running lab.
type Lab interface {
	Services() []string
	Exec(ctx context.Context, service string, argv []string) (Output, error)
	Stop(ctx context.Context, service string, timeout time.Duration) error
	Start(ctx context.Context, service string) error
	// Status describes a service's container: "healthy", "running" (no
	// healthcheck), "exited 0", "unhealthy", "starting", ...
	Status(ctx context.Context, service string) (string, error)
	// Published returns the host address ("127.0.0.1:49153") a container
	// port ("80/tcp") of the service is published on.
	Published(ctx context.Context, service, port string) (string, error)
	// Roles says which service plays which Salt role, as the topology's
	// x-saltlab block declares it (minion patterns already expanded).
	Roles() roles.Roles
}

// minions are the lab's minions; a minion's id equals its service name
// (the compose files set hostname).
func minions(l Lab) []string { return l.Roles().Minions }

// Masters are the lab's Salt masters in failover order.
func Masters(l Lab) []string { return l.Roles().Masters }

// Buses are the services whose Salt event bus the run records
// (roles.Roles.Buses).
func Buses(l Lab) []string { return l.Roles().Buses() }

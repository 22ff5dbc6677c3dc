package scenario

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/poll"
)

// Output is what a command printed inside a container and how it exited.
type Output = client.Output

// Lab is what the scenarios need from a running lab.
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

// Minions are the lab's minions; a minion's id equals its service name
// (the compose files set hostname).
func Minions(l Lab) []string { return l.Roles().Minions }

// Masters are the lab's Salt masters in failover order.
func Masters(l Lab) []string { return l.Roles().Masters }

// Buses are the services whose Salt event bus the run records
// (roles.Roles.Buses).
func Buses(l Lab) []string { return l.Roles().Buses() }

// labHealthyTimeout bounds how long a wait for a healthy lab waits for
// services that are still starting, e.g. a master the previous scenario
// stopped and its After hook started again.
const labHealthyTimeout = 90 * time.Second

// WaitLabHealthy waits until every service is healthy, running without a
// healthcheck, or a one-shot that exited 0. Services that are starting, or
// unhealthy (a master just unpaused fails a probe or two), are waited for;
// one that exited with an error fails at once.
func WaitLabHealthy(ctx context.Context, l Lab, timeout time.Duration) error {
	var failed, waiting []string
	var err error
	done, perr := poll.Run(ctx, poll.Within(timeout), func(ctx context.Context, _ time.Duration) bool {
		failed, waiting, err = labHealth(ctx, l)
		// An exited service fails at once: nothing brings it back.
		return err != nil || len(failed) > 0 || len(waiting) == 0
	})
	switch {
	case err != nil:
		return err
	case perr != nil:
		return perr
	case done && len(failed) == 0:
		return nil
	}
	return fmt.Errorf("expected every service healthy (or a one-shot exited 0) within %s; observed: %s", timeout, strings.Join(append(failed, waiting...), ", "))
}

// labHealth sorts the services that are not fine into failed (exited with
// an error: nothing brings them back) and waiting (anything else).
func labHealth(ctx context.Context, l Lab) (failed, waiting []string, err error) {
	for _, s := range l.Services() {
		st, err := l.Status(ctx, s)
		if err != nil {
			return nil, nil, fmt.Errorf("check health of %s: %w", s, err)
		}
		switch {
		case st == "healthy", st == "running", st == "exited 0":
		case strings.HasPrefix(st, "exited "):
			failed = append(failed, s+" is "+st)
		default:
			waiting = append(waiting, s+" is "+st)
		}
	}
	return failed, waiting, nil
}

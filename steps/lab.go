// Package steps holds the Gherkin step definitions. They drive Salt only
// through its CLIs inside the lab's containers, so the same steps run against
// real Salt and the Salt double. Scenario state lives in a per-scenario world;
// faults go through the fault ledger and are undone in the After hook.
package steps

import (
	"context"
	"sort"
	"strings"
	"time"
)

// Output is what a command printed inside a container and how it exited.
type Output struct {
	Stdout   string
	Stderr   string
	ExitCode int
}

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
}

// Service name prefixes by role. Topologies name their services this way, and
// a minion's id equals its service name (the compose files set hostname).
const (
	masterPrefix = "salt-master-"
	minionPrefix = "salt-minion-"
)

func byPrefix(l Lab, prefix string) []string {
	var out []string
	for _, s := range l.Services() {
		if strings.HasPrefix(s, prefix) {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

func minions(l Lab) []string { return byPrefix(l, minionPrefix) }

// Masters are the lab's Salt masters (every master's event bus is
// recorded into the history).
func Masters(l Lab) []string { return byPrefix(l, masterPrefix) }

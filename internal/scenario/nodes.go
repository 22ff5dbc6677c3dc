package scenario

import (
	"context"
	"fmt"
)

// SwarmNodes is what the node phrases need of the chaos engine of a lab
// deployed on a swarm (*chaos.Engine given the swarm with OnSwarm): which
// node runs a service, and the node's state as the swarm's manager holds
// it. On compose both are the node faults' refusal.
type SwarmNodes interface {
	NodeOf(ctx context.Context, service string) (string, error)
	NodeState(ctx context.Context, node string) (string, error)
}

// Nodes is the run's chaos engine as SwarmNodes.
func (w *World) Nodes() (SwarmNodes, error) {
	n, ok := w.Chaos.(SwarmNodes)
	if !ok || w.Chaos == nil {
		return nil, fmt.Errorf("this run's chaos engine knows no swarm nodes (scenario.Deps.Chaos is %T)", w.Chaos)
	}
	return n, nil
}

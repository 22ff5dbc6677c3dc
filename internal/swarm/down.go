package swarm

import (
	"context"
	"fmt"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
)

// Down removes swarm name: the node containers (with everything their
// engines ran), their volumes, the network and the detached marker (all
// that carries the swarm's run label on the host engine), then its socket
// folder under stateDir. Nothing else is touched: the sweep matches the
// swarm's run id, and a folder saltlab did not mark is left and named.
// Removing a swarm that is not there removes nothing and is no error.
// What was removed is returned for the caller to say.
func Down(ctx context.Context, stateDir, name string) (lab.Swept, error) {
	if err := ValidateName(name); err != nil {
		return lab.Swept{}, err
	}
	// The removal must finish even when ctx is cancelled half-way.
	return onHost(ctx, func(host *client.Client) (lab.Swept, error) {
		return down(context.WithoutCancel(ctx), host, stateDir, name)
	})
}

// down is Down through the host engine's client.
func down(ctx context.Context, host *client.Client, stateDir, name string) (lab.Swept, error) {
	sw, err := lab.Sweep(ctx, host, map[string]string{labels.Run: RunID(name)})
	if err != nil {
		return sw, fmt.Errorf("swarm down %s: %w", name, err)
	}
	if err := runstate.RemovePrivate(SocketDir(stateDir, name)); err != nil {
		return sw, fmt.Errorf("swarm down %s: %w", name, err)
	}
	return sw, nil
}

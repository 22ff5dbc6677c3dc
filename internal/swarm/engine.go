package swarm

import (
	"context"
	"fmt"
	"time"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/poll"
)

const (
	// engineStartTimeout bounds how long a node's dockerd may take to
	// answer on its socket after its container started (about 2 s each
	// when idle, measured; the machine may be loaded by other labs).
	engineStartTimeout = 90 * time.Second
	// engineInterval spaces the pings of a starting dockerd.
	engineInterval = 250 * time.Millisecond
	// pingTimeout bounds one ping of a node's dockerd.
	pingTimeout = 5 * time.Second
	// readyTimeout bounds how long joined nodes may take to be Ready in
	// the manager's node list.
	readyTimeout = 60 * time.Second
)

// nodeClient is a client of node's dockerd through its unix socket on
// the host, with the API version negotiated on first use.
func nodeClient(socket string) (*client.Client, error) {
	c, err := client.NewClientWithOpts(client.WithHost("unix://"+socket), client.WithAPIVersionNegotiation())
	if err != nil {
		return nil, fmt.Errorf("create client of %s: %w", socket, err)
	}
	return c, nil
}

// waitEngine polls node's dockerd until it answers a ping, within
// engineStartTimeout, and negotiates the API version once it does.
func waitEngine(ctx context.Context, c *client.Client, node string) error {
	var last error
	ok, err := poll.Run(ctx, poll.Bounds{Deadline: time.Now().Add(engineStartTimeout), Interval: engineInterval}, func(ctx context.Context, _ time.Duration) bool {
		pctx, cancel := context.WithTimeout(ctx, pingTimeout)
		defer cancel()
		_, last = c.Ping(pctx)
		return last == nil
	})
	if err != nil {
		return fmt.Errorf("wait for the engine of %s: %w", node, err)
	}
	if !ok {
		return fmt.Errorf("wait for the engine of %s: no answer on its socket within %s (last: %v)", node, engineStartTimeout, last)
	}
	c.NegotiateAPIVersion(ctx)
	return nil
}

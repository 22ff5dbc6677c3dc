// Package dockerx opens the Docker Engine client the way every saltlab
// package needs it: API version negotiated eagerly (the daemon on our
// machines speaks 1.41 while the client defaults to 1.51) and a clear error
// when the daemon is not running.
package dockerx

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/docker/docker/client"
)

// PingTimeout bounds the first contact with the daemon.
const PingTimeout = 10 * time.Second

// ErrDaemonUnavailable is returned when the Docker daemon cannot be reached.
var ErrDaemonUnavailable = errors.New("docker daemon not reachable")

// New connects to the daemon named by the environment (DOCKER_HOST etc.),
// negotiates the API version and verifies the daemon answers.
func New(ctx context.Context) (*client.Client, error) {
	cli, err := client.NewClientWithOpts(client.FromEnv, client.WithAPIVersionNegotiation())
	if err != nil {
		return nil, fmt.Errorf("create docker client: %w", err)
	}
	pctx, cancel := context.WithTimeout(ctx, PingTimeout)
	defer cancel()
	if _, err := cli.Ping(pctx); err != nil {
		_ = cli.Close()
		return nil, fmt.Errorf("%w at %s (is Docker running and may this user use it?): %v", ErrDaemonUnavailable, cli.DaemonHost(), err)
	}
	// Negotiation is lazy: force it now so later code sees the real version.
	cli.NegotiateAPIVersion(pctx)
	return cli, nil
}

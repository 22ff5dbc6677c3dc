package route

import (
	"github.com/saltlab/saltlab/internal/chaos"
)

// The router serves the engine interfaces the lab's code drives
// containers through (lab.Docker in engine.go, the chaos engine's here),
// so that code runs on a swarm unchanged; the client room's Execers are
// the lab's own, over lab.Docker.
var _ chaos.Docker = (*Client)(nil)

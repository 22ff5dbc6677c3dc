package access

import (
	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/swarm/route"
)

// A lab's engine is the host's client on compose and a swarm's router on
// Swarm: both must serve everything bring-up, the evidence and the chaos
// engine drive a lab's containers through.
var (
	_ LabDocker = (*client.Client)(nil)
	_ LabDocker = (*route.Client)(nil)
)

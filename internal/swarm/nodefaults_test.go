package swarm

import "github.com/saltlab/saltlab/internal/chaos"

// The chaos engine's node faults take a built swarm through NodeFaults.
var _ chaos.Nodes = (*NodeFaults)(nil)

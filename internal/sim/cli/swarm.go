package cli

import (
	"fmt"
	"strconv"
	"strings"
)

// Swarm mode settings: environment only, so real Salt (which never reads
// them) runs the same configuration unchanged. Sim-only.
const (
	envSwarm   = "SALTSIM_SWARM"    // number of minions in this process
	envSwarmID = "SALTSIM_SWARM_ID" // id pattern, default swarm-%03d
	// envSwarmKeys is a directory of cached minion keys (pki.KeyCache),
	// optional: the lab mounts a volume there so a fleet's keys are
	// generated once.
	envSwarmKeys = "SALTSIM_SWARM_KEYS"
)

// swarmSettings reports whether swarm mode is requested and with what.
func swarmSettings(e *Env) (n int, pattern string, ok bool, err error) {
	if e.Getenv == nil {
		return 0, "", false, nil
	}
	v := strings.TrimSpace(e.Getenv(envSwarm))
	if v == "" {
		return 0, "", false, nil
	}
	n, err = strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, "", false, fmt.Errorf("parse %s=%q: want a positive number of minions", envSwarm, v)
	}
	return n, e.Getenv(envSwarmID), true, nil
}

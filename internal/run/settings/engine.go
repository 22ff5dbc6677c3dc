package settings

import (
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/usage"
)

// Engines a lab runs on (--engine).
const (
	EngineCompose = "compose"
	EngineSwarm   = runstate.EngineSwarm
)

// DefaultSwarm is the swarm --engine swarm deploys on without --swarm:
// the one `saltlab swarm up` makes without --name.
const DefaultSwarm = "lab"

// checkEngine refuses an engine saltlab has no deploy for, and --swarm
// without --engine swarm (a compose lab runs on the host's engine only).
func (c Config) checkEngine() error {
	switch c.Engine {
	case "", EngineCompose:
		if c.Swarm != "" {
			return usage.Errorf("validate --swarm %s: a compose lab runs on this host's engine; add --engine swarm to deploy on the swarm, or leave --swarm out", c.Swarm)
		}
		return nil
	case EngineSwarm:
		// The swarm's name is checked by the CLI (swarm.ValidateName).
		return nil
	}
	return usage.Errorf("validate --engine %q: want compose (the default: the lab on this host's engine) or swarm (Swarm services on a swarm made by `saltlab swarm up`)", c.Engine)
}

// SwarmName is the swarm a swarm lab deploys on: --swarm, else
// DefaultSwarm.
func (c Config) SwarmName() string {
	if c.Swarm == "" {
		return DefaultSwarm
	}
	return c.Swarm
}

// OnSwarm says whether the lab is deployed on a swarm.
func (c Config) OnSwarm() bool { return c.Engine == EngineSwarm }

package selection

import (
	"fmt"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
)

// SwarmTag marks a scenario that needs a lab deployed on a Docker Swarm
// (its faults take whole nodes away: node-pause); a lab on Docker Compose
// runs on one engine, has no nodes, and leaves it out, saying so.
const SwarmTag = "@swarm"

// DirectAPITag marks a scenario whose client reaches a master's salt-api
// at the master's own address from this host: a lab on Swarm keeps that
// address inside the swarm's overlay network, and a host route to it
// would carry the request, with the run's salt-api password, elsewhere.
const DirectAPITag = "@direct-master-api"

// engineLimit is what a lab on one engine cannot serve: the tag it
// leaves out, and what to say when that leaves nothing and when it
// leaves some out.
type engineLimit struct{ tag, noneLeft, said string }

// engineLimits are each engine's: on compose the scenarios that take
// swarm nodes away, on Swarm those that reach a master's own address.
var engineLimits = map[string]engineLimit{
	"compose": {SwarmTag,
		"every selected scenario is tagged " + SwarmTag + " and takes swarm nodes away, which a lab on Docker Compose has not: run it with --engine swarm",
		"tagged " + SwarmTag + " take swarm nodes away and run only on a lab deployed on a swarm (--engine swarm)"},
	"swarm": {DirectAPITag,
		"every selected scenario is tagged " + DirectAPITag + " and reaches a master's salt-api at its own address, which a lab on Swarm keeps inside the swarm",
		"tagged " + DirectAPITag + " reach a master's salt-api at its own address, which a lab on Swarm keeps inside the swarm's overlay network (docs/swarm.md)"},
}

// NarrowToEngine leaves out what a lab on engine ("compose", or "" for
// it, or "swarm") cannot serve and names it.
func (s Selector) NarrowToEngine(sel tagexpr.Expr, rows []report.Row, engine string) (tagexpr.Expr, []report.Row, error) {
	if engine == "" {
		engine = "compose"
	}
	lim, ok := engineLimits[engine]
	if !ok {
		return sel, rows, fmt.Errorf("narrow the scenarios to engine %q: want compose or swarm", engine)
	}
	not, err := tagexpr.Parse("not " + lim.tag)
	if err != nil {
		return sel, rows, fmt.Errorf("build the scenario selection: %w", err)
	}
	narrowed := tagexpr.And(sel, not)
	kept, err := s.leaveOut(rows, narrowed, lim.noneLeft, lim.said)
	if err != nil {
		return sel, rows, err
	}
	return narrowed, kept, nil
}

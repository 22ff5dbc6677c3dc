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

// NarrowToEngine leaves out what the lab's engine cannot serve and names
// it: on compose (onSwarm false) every scenario tagged SwarmTag.
func (s Selector) NarrowToEngine(sel tagexpr.Expr, rows []report.Row, onSwarm bool) (tagexpr.Expr, []report.Row, error) {
	if onSwarm {
		return sel, rows, nil
	}
	not, err := tagexpr.Parse("not " + SwarmTag)
	if err != nil {
		return sel, rows, fmt.Errorf("build the scenario selection: %w", err)
	}
	narrowed := tagexpr.And(sel, not)
	kept, err := s.leaveOut(rows, narrowed,
		fmt.Sprintf("every selected scenario is tagged %s and takes swarm nodes away, which a lab on Docker Compose has not: run it with --engine swarm", SwarmTag),
		fmt.Sprintf("tagged %s take swarm nodes away and run only on a lab deployed on a swarm (--engine swarm)", SwarmTag))
	if err != nil {
		return sel, rows, err
	}
	return narrowed, kept, nil
}

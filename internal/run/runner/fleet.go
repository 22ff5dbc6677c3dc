package runner

import (
	"fmt"

	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/lab/capacity"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
)

// ScaleTag marks a scenario written for a fleet (--minions N): it targets
// minions by id through the masters, never a minion's container, so it
// runs where minions share containers (the swarm layout), and it measures
// how the fleet's times spread.
const ScaleTag = "@scale"

// checkFleet refuses, before any Docker work, a fleet this machine cannot
// hold: one lab of the fleet must fit in the memory available
// (capacity.CheckFleet), counted per minion at the flavour's footprint
// (a swarm's minions at the swarm footprint).
func (c Config) checkFleet(p *types.Project, r roles.Roles) error {
	f := c.Knobs.Fleet()
	if f.Minions == 0 {
		return nil
	}
	m, err := capacity.Host()
	if err != nil {
		return fmt.Errorf("validate --minions %d: %w", f.Minions, err)
	}
	return capacity.CheckFleet(c.Flavor, labShape(p, r, f), m, f.Minions)
}

// onFleet narrows sel to what the lab's minions allow. Without --minions
// the @scale scenarios are left out: they measure a fleet, and the
// topology's two or three minions are none. With swarms, only @scale
// scenarios run: the others act on a minion through its container, and a
// swarm container holds many minions, none of them named after it.
func onFleet(sel tagexpr.Expr, f knobs.Fleet) (tagexpr.Expr, string, error) {
	var expr, why string
	switch {
	case f.Minions == 0:
		expr, why = "not "+ScaleTag, fmt.Sprintf("scenarios tagged %s measure a fleet and run only with --minions N", ScaleTag)
	case f.Swarmed():
		n, sizes := f.Layout()
		expr, why = ScaleTag, fmt.Sprintf("with --minions %d the minions run %d to a container (%d containers), so only scenarios tagged %s (which reach minions through the masters) apply", f.Minions, sizes[0], n, ScaleTag)
	default:
		return sel, "", nil
	}
	e, err := tagexpr.Parse(expr)
	if err != nil {
		return tagexpr.Expr{}, "", fmt.Errorf("build the scenario selection: %w", err)
	}
	return tagexpr.And(sel, e), why, nil
}

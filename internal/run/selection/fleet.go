package selection

import (
	"fmt"

	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
)

// ScaleTag marks a scenario written for a fleet (--minions N): it targets
// minions by id through the masters, never a minion's container, so it
// runs where minions share containers (the swarm layout), and it measures
// how the fleet's times spread.
const ScaleTag = "@scale"

// OnFleet narrows sel to what the lab's minions allow. Without --minions
// the @scale scenarios are left out: they measure a fleet, and the
// topology's two or three minions are none. With swarms, only @scale
// scenarios run: the others act on a minion through its container, and a
// swarm container holds many minions, none of them named after it.
func OnFleet(sel tagexpr.Expr, f knobs.Fleet) (tagexpr.Expr, string, error) {
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

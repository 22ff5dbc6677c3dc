package settings

import (
	"fmt"

	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/lab/capacity"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/roles"
)

// MaxLabs is the most labs --parallel takes (capacity.MaxLabs), for the
// flag's own range check: the CLI reads it here, with the rest of the
// run's settings, rather than from the capacity model.
const MaxLabs = capacity.MaxLabs

// LabCount is how many labs the run uses and how that was chosen:
// --parallel, refused as bad input beyond what memory holds, or the
// machine's default for the flavour (internal/lab/capacity). It reads the
// host only, so a refusal comes before any Docker work.
func (c Config) LabCount(p *types.Project, r roles.Roles) (int, string, error) {
	n, how, err := c.labsAllowed(p, r)
	if err != nil {
		return 0, "", err
	}
	// One lab of a fleet must fit too: after --parallel, whose refusal
	// is the more specific when both apply.
	if err := c.CheckFleet(p, r); err != nil {
		return 0, "", err
	}
	return n, how, nil
}

// labsAllowed is LabCount without the fleet check.
func (c Config) labsAllowed(p *types.Project, r roles.Roles) (int, string, error) {
	if c.Parallel == 1 {
		return 1, "--parallel 1", nil
	}
	m, err := capacity.Host()
	if err != nil {
		if c.Parallel == 0 {
			return 1, "one lab: " + err.Error(), nil
		}
		return 0, "", fmt.Errorf("validate --parallel %d: %w", c.Parallel, err)
	}
	lim := capacity.For(c.Flavor, labShape(p, r, c.Knobs.Fleet()), m)
	if c.Parallel == 0 {
		return lim.Default(), "the default: " + lim.Explain(), nil
	}
	if err := lim.Check(c.Parallel); err != nil {
		return 0, "", err
	}
	return c.Parallel, fmt.Sprintf("--parallel %d", c.Parallel), nil
}

// labShape counts a lab's containers by role: masters (syndics and the
// master of masters too), minions (the --minions knob's count when given),
// and every other service (balancers, inits).
func labShape(p *types.Project, r roles.Roles, f knobs.Fleet) capacity.Lab {
	masters := map[string]bool{}
	for _, m := range append(append([]string{r.MasterOfMasters}, r.Masters...), r.Syndics...) {
		if m != "" {
			masters[m] = true
		}
	}
	l := capacity.Lab{Masters: len(masters), Minions: len(r.Minions)}
	l.Others = max(len(p.Services)-l.Masters-l.Minions, 0)
	if f.Minions > 0 {
		l.Minions, _ = f.Layout()
		if f.Swarmed() {
			l.SwarmMinions = f.Minions
		}
	}
	return l
}

// CheckFleet refuses, before any Docker work, a fleet this machine cannot
// hold: one lab of the fleet must fit in the memory available
// (capacity.CheckFleet), counted per minion at the flavour's footprint
// (a swarm's minions at the swarm footprint).
func (c Config) CheckFleet(p *types.Project, r roles.Roles) error {
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

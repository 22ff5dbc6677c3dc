package prepare

import (
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/lab/capacity"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/usage"
)

// shapeOf is a drill's lab by role, from its topology's service names, as
// the parallel-labs rules count one (capacity.Lab).
func shapeOf(services []string) capacity.Lab {
	var l capacity.Lab
	for _, s := range services {
		switch {
		case strings.HasPrefix(s, "salt-master"), strings.HasPrefix(s, "salt-syndic"), strings.HasPrefix(s, "salt-mom"):
			l.Masters++
		case strings.HasPrefix(s, "salt-minion"):
			l.Minions++
		default:
			l.Others++
		}
	}
	return l
}

// CheckRoom refuses a drill the machine cannot hold beside the drills
// already in flight under reports (each learner has a lab of their own):
// by the parallel-labs rules, no more labs than the cores allow at the
// flavour's pace, and one more lab's memory free now.
func CheckRoom(d *spec.Drill, services []string, flavor, reports string, m capacity.Machine) error {
	l := capacity.For(flavor, shapeOf(services), m)
	live := LiveDrills(reports)
	switch {
	case len(live) >= l.Cores:
		return usage.Errorf("drill %s: %d drill(s) are running (%s) and this machine holds %d lab(s) of Salt %s at once: %s; stop one first (saltlab drill stop --run ID)",
			d.Name, len(live), strings.Join(live, ", "), l.Cores, flavor, l.Explain())
	case l.Memory < 1:
		return usage.Errorf("drill %s: this machine's memory holds no more labs of this topology: %s; stop a lab first", d.Name, l.Explain())
	}
	return nil
}

// LiveDrills are the runs under reports with a drill not yet ended.
func LiveDrills(reports string) []string {
	states, err := runstate.List(reports)
	if err != nil {
		return nil
	}
	var out []string
	for _, st := range states {
		if p, err := state.Load(runstate.Dir(reports, st.RunID)); err == nil && p.Ended.IsZero() {
			out = append(out, st.RunID)
		}
	}
	return out
}

// HostMachine is this machine, or an error naming why it cannot be read.
func HostMachine() (capacity.Machine, error) {
	m, err := capacity.Host()
	if err != nil {
		return m, fmt.Errorf("read this machine's cores and memory: %w", err)
	}
	return m, nil
}

package drill

import (
	"context"
	"fmt"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/drill/state"
)

// notRearmable are the fault kinds whose undo does not give back the lab
// the incident started on: key-replace restores the key files, but a
// master that restarted with the new pair keeps it in memory.
var notRearmable = map[string]bool{string(chaos.KindKeyReplace): true}

// Rearmable says whether the drill's incident can start again on the lab
// it already ran on, with why not: every incident action acts at the
// incident's start (a second fault waits for a task or a moment that a
// second round would see differently), and every fault's undo gives back
// what it took. Scripts count as rearmable: the round after the solution
// checks that the incident broke every task again, which a script that
// did nothing the second time would fail.
func (s *Session) Rearmable() (bool, string) {
	for i, a := range s.Drill.Incident {
		switch {
		case a.Start != nil:
			return false, fmt.Sprintf("incident action %d waits (start:), so a second round would not strike as the first did", i+1)
		case a.Fault != nil && notRearmable[a.Fault.Kind]:
			return false, fmt.Sprintf("incident action %d is a %s fault, whose undo leaves the master's memory changed", i+1, a.Fault.Kind)
		}
	}
	return true, ""
}

// Rearm starts the drill's incident again on the lab it ran on, without
// a new lab: every fault of the ledger healed (what a round's fix left
// pending too), the progress of the last round cleared (its history
// stays: the new round starts after it, and is judged from its start),
// and the incident's first actions injected, now, as mode's round. The
// round's number goes up, so a console saving the last round's progress
// takes the new one instead (state.Progress.Round). The caller checks the lab
// first (Rearmable) and the incident's effect after (every task not met).
func (s *Session) Rearm(ctx context.Context, mode string) error {
	if err := s.heal(ctx); err != nil {
		return fmt.Errorf("rearm drill %s: %w", s.Drill.Name, err)
	}
	p := s.Progress
	s.Progress = &state.Progress{Drill: p.Drill, RunID: p.RunID, Flavor: p.Flavor, TimeLimit: p.TimeLimit,
		Actions: make([]state.ActionState, len(s.Drill.Incident)), Shells: p.Shells, LinesSeen: p.LinesSeen,
		Services: p.Services, Buses: p.Buses, Release: p.Release, Mode: mode, Round: p.Round + 1}
	if err := s.begin(ctx); err != nil {
		return fmt.Errorf("rearm drill %s: %w", s.Drill.Name, err)
	}
	return nil
}

package scenario

import (
	"context"
	"errors"
	"fmt"

	messages "github.com/cucumber/messages/go/v21"

	"github.com/saltlab/saltlab/internal/scenario/features"
)

// Sequence is one lab's scenarios, one after another: each begins from
// freshly booted minions when the one before injected a fault, and ends
// with its faults healed, whatever its outcome. The reset a faulted
// scenario owes runs before the next scenario (so the lab's last scenario
// does not pay for one its teardown would undo), or at once with
// Deps.EagerReset.
type Sequence struct {
	d    Deps
	due  resetDue          // the reset a faulted scenario leaves to the next
	rows features.RowNames // each feature file parsed once, for the outline rows' names
}

// NewSequence is the sequence of scenarios run with d; one per run, since
// it carries the owed reset from one scenario to the next.
func NewSequence(d Deps) *Sequence { return &Sequence{d: d} }

// Begin starts godog's scenario p under the name the reports give it (an
// outline row's carries its values, features.RowNames): it first resets
// the minions when the scenario before owes it, recorded under that
// scenario and before this one's first entry, so this scenario's checks
// do not judge it.
func (s *Sequence) Begin(ctx context.Context, p *messages.Pickle) (*World, error) {
	name := s.rows.Name(p)
	if after := s.due.take(); after != "" {
		s.d.History.SetScenario(after)
		if err := resetAfter(ctx, New(s.d, after)); err != nil {
			s.d.History.SetScenario("")
			return nil, err
		}
	}
	s.d.History.SetScenario(name)
	return New(s.d, name), nil
}

// End ends the scenario godog calls name: judged first, while its faults
// still hold (honest-health over its entries), then every fault the ledger
// still holds is undone, and a faulted scenario owes the next one a reset
// (or resets now, with EagerReset). w is nil when the scenario never
// began.
func (s *Sequence) End(ctx context.Context, w *World, name string) error {
	var judged error
	if w != nil {
		judged = w.judgeHonestHealth(ctx)
	}
	if len(s.d.Ledger.Pending()) > 0 {
		if err := s.d.Ledger.UndoAll(ctx, Undoer(s.d.Lab, s.d.Chaos)); err != nil {
			return errors.Join(judged, fmt.Errorf("heal faults after scenario %q: %w", name, err))
		}
	}
	if w != nil && w.faulted() {
		if !s.d.EagerReset {
			s.due.owe(w.Name)
		} else if err := resetAfter(ctx, w); err != nil {
			return errors.Join(judged, err)
		}
	}
	s.d.History.SetScenario("")
	return judged
}

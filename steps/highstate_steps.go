package steps

import (
	"context"
	"errors"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/scenario"
)

// stateApplyTimeout bounds one minion's highstate: the user's states run
// inside it (file transfers, commands), so it is the CI gate's budget for
// a whole highstate, not a Salt timeout; Salt's own waits (auth_timeout,
// the file client's requests) are far below it.
const stateApplyTimeout = 5 * time.Minute

// pillarTimeout bounds one pillar.items: the master renders the pillar.
const pillarTimeout = 2 * time.Minute

// errNoBaseline is a comparison step without an earlier highstate.
var errNoBaseline = errors.New(`no earlier highstate in this scenario to compare with: run "every minion's highstate served by ... converges with no failed state" first`)

// highstates runs every minion's highstate served by master (test=True
// when test) and records each; it returns the history span they fill.
// One minion after the other: the lab shares two cores with the masters,
// and concurrent highstates would measure contention, not Salt.
func (w *world) highstates(ctx context.Context, master string, test bool) (checker.HighstateParams, error) {
	m, err := w.Lab.Roles().ServiceNamed(master)
	if err != nil {
		return checker.HighstateParams{}, err
	}
	p := checker.HighstateParams{From: w.History.Next(), Minions: scenario.Minions(w.Lab), Test: test}
	for _, minion := range p.Minions {
		w.Salt().StateApply(ctx, minion, m, test, stateApplyTimeout)
	}
	p.To = w.History.Next()
	return p, nil
}

// highstateConverges applies every minion's highstate through master and
// judges that every state succeeded (checker.Converged); the span is the
// scenario's baseline for later comparisons.
func highstateConverges(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	p, err := w.highstates(ctx, master, false)
	if err != nil {
		return err
	}
	w.baseline = &p
	return w.Judge(checker.NameConverged, p, "", false)
}

// secondHighstateQuiet applies the highstate again and judges that it
// changed nothing: states that change on every run are not idempotent.
func secondHighstateQuiet(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	p, err := w.highstates(ctx, master, false)
	if err != nil {
		return err
	}
	p.Quiet = true
	return w.Judge(checker.NameConverged, p, "", false)
}

// highstateSameAsBefore applies the highstate through master (another
// one, after a fault) and judges it against the baseline
// (checker.SameHighstate), and that it converged.
func highstateSameAsBefore(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	if w.baseline == nil {
		return errNoBaseline
	}
	p, err := w.highstates(ctx, master, false)
	if err != nil {
		return err
	}
	return errors.Join(
		w.Judge(checker.NameConverged, p, "", false),
		w.Judge(checker.NameSameState, checker.SameHighstateParams{Before: *w.baseline, After: p, Minions: p.Minions}, "", false))
}

// ciDiffRecorded runs state.apply test=True through master on every
// minion: what the states would change (the CI diff the reports show),
// judged to render with no failed state.
func ciDiffRecorded(ctx context.Context, master string) error {
	w := worldFrom(ctx)
	p, err := w.highstates(ctx, master, true)
	if err != nil {
		return err
	}
	return w.Judge(checker.NameConverged, p, "", false)
}

// everyMasterSamePillar records the pillar each master renders for each
// minion (salt-call --master M pillar.items) and judges them equal.
func everyMasterSamePillar(ctx context.Context) error {
	w := worldFrom(ctx)
	p := checker.PillarSameParams{From: w.History.Next(), Minions: scenario.Minions(w.Lab), Masters: scenario.Masters(w.Lab)}
	for _, master := range p.Masters {
		for _, minion := range p.Minions {
			w.Salt().PillarItems(ctx, minion, master, pillarTimeout)
		}
	}
	p.To = w.History.Next()
	return w.Judge(checker.NamePillarSame, p, "", false)
}

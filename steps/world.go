package steps

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/cucumber/godog"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/salt/saltapi"
)

// Deps is what the runner hands to the steps.
type Deps struct {
	Lab          Lab
	Ledger       *fault.Ledger
	Measurements *report.Measurements
	Log          io.Writer
	// Notes, when set, is where the scenarios tell what they do (the
	// run's console); without it every note is a line of Log.
	Notes Notes
	// ProcessSlack overrides saltcfg.ProcessSlack in bounds when > 0.
	ProcessSlack time.Duration
	// HerdSignIns is the flavour's measured sign-ins per second at a
	// master a whole fleet fails over to (capacity.HerdSignIns), for
	// fleet bounds; 0: not measured.
	HerdSignIns float64
	// Chaos injects every fault but `I stop`; nil fails those steps.
	Chaos Chaos
	// HealthTimeout overrides labHealthyTimeout when > 0.
	HealthTimeout time.Duration
	// FleetStart is what bring-up gave a fleet's swarms to start
	// (knobs.Settings.FleetStart): a reset restarts every minion, so a
	// wait for a healthy lab adds it. 0 without swarms.
	FleetStart time.Duration
	// API are the salt-api credentials of the run (generated per run).
	API saltapi.Creds
	// History is the run's history: every operation, event and fault.
	History *history.Recorder
	// Verdicts collects every checker's verdict (verdicts.json).
	Verdicts *checker.Judgements
	// AllowUnknown lets a step pass when its checker says unknown
	// (--allow-unknown); by default only valid passes.
	AllowUnknown bool
	// EagerReset resets the minions right after a scenario that injected a
	// fault, instead of before the next scenario: a lab kept after the run
	// (--keep) is then left in its boot layout. Otherwise the reset waits
	// for a next scenario, and the last one's is never paid: the lab is
	// torn down.
	EagerReset bool
	// Answers, when set, probes the function of every master whose
	// Docker health the run records (one master-answers operation each)
	// and returns them: after each scenario honest-health holds Docker's
	// health of those masters against their probes.
	Answers func(ctx context.Context) []string
}

// world is the state of one scenario.
type world struct {
	Deps
	scenario     string
	from         int64  // the history's next index when the scenario began
	step         string // the step running now, for verdicts
	mu           sync.Mutex
	logMu        sync.Mutex // Log is written by the per-minion pollers at once
	faultAt      time.Time  // when the last fault took effect
	faultDesc    string
	marker       string                   // file the marker job appends to (syndic steps)
	markerAt     int64                    // history index where the marker job began
	markerMaster string                   // and the master it was published on
	markerJob    client.Cmd               // and the command that published it
	daemons      map[string]string        // minion -> daemon identity, see noteMinionDaemons
	apiToken     string                   // session token of the last salt-api login
	apiPath      string                   // and the load balancer path it was issued under
	haStream     *haStream                // the HA client's running stream, if any
	settled      int64                    // history index up to which settle has waited for return events
	lastKeyAct   *keyAct                  // the scenario's last salt-key action (key steps)
	baseline     *checker.HighstateParams // the scenario's first highstate (CI gate steps)
}

type worldKey struct{}

// healthTimeout bounds waiting for a healthy lab.
func (w *world) healthTimeout() time.Duration {
	return cmp.Or(w.HealthTimeout, labHealthyTimeout) + w.FleetStart
}

// faulted reports whether the scenario injected a fault.
func (w *world) faulted() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return !w.faultAt.IsZero()
}

func (w *world) currentStep() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.step
}

func worldFrom(ctx context.Context) *world {
	w, _ := ctx.Value(worldKey{}).(*world)
	return w
}

// Notes is what a scenario tells the person watching the run: the
// console shows its waits (with their bound and its terms), faults,
// verdicts (with what they measured) and warnings, and its details only
// with -v. Heals are told by the fault ledger, whoever undoes a fault.
type Notes interface {
	Wait(text string)
	Fault(text string)
	Verdict(text string)
	Warn(text string)
	Detail(text string)
}

func (w *world) waitf(format string, args ...any)  { w.note("wait: ", Notes.Wait, format, args...) }
func (w *world) faultf(format string, args ...any) { w.note("fault: ", Notes.Fault, format, args...) }
func (w *world) verdictf(format string, args ...any) {
	w.note("verdict: ", Notes.Verdict, format, args...)
}
func (w *world) warnf(format string, args ...any) { w.note("warning: ", Notes.Warn, format, args...) }

// logf is a detail: shown with -v, kept in console.log.
func (w *world) logf(format string, args ...any) { w.note("", Notes.Detail, format, args...) }

// note tells Notes, or writes a line of Log under the note's kind.
func (w *world) note(kind string, tell func(Notes, string), format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	if w.Notes != nil {
		tell(w.Notes, text)
		return
	}
	if w.Log != nil {
		w.logMu.Lock()
		defer w.logMu.Unlock()
		fmt.Fprintf(w.Log, "    | %s%s\n", kind, text)
	}
}

// undoer heals the ledger's faults: through the chaos engine when there is
// one, else (unit tests with a fake lab) stops are undone by the lab.
type undoer struct {
	lab   Lab
	chaos Chaos
}

func (u undoer) Undo(ctx context.Context, e fault.Entry) error {
	if u.chaos != nil {
		return u.chaos.Undo(ctx, e)
	}
	switch e.Kind {
	case history.FaultStop:
		return u.lab.Start(ctx, e.Target)
	default:
		return fmt.Errorf("undo fault: unknown kind %q", e.Kind)
	}
}

// hooks installs the per-scenario world, named by rows, and the After
// hook that undoes every fault the scenario injected, whatever the
// scenario's outcome. The minions' reset after a faulted scenario runs
// before the next scenario (due), so the last scenario of a lab does not
// pay for a reset nobody uses; Deps.EagerReset runs it in the After hook.
func hooks(sc *godog.ScenarioContext, d Deps, rows *rowNames, due *resetDue) {
	sc.Before(func(ctx context.Context, s *godog.Scenario) (context.Context, error) {
		// The row's name, not godog's: the reports name outline rows so.
		name := rows.name(s)
		if after := due.take(); after != "" {
			// Recorded under the scenario that owed it, and before this
			// one's first entry, so this scenario's checks do not judge it.
			d.History.SetScenario(after)
			if err := resetAfter(ctx, &world{Deps: d, scenario: after, from: d.History.Next()}); err != nil {
				d.History.SetScenario("")
				return ctx, err
			}
		}
		d.History.SetScenario(name)
		return context.WithValue(ctx, worldKey{}, &world{Deps: d, scenario: name, from: d.History.Next()}), nil
	})
	sc.StepContext().Before(func(ctx context.Context, st *godog.Step) (context.Context, error) {
		if w := worldFrom(ctx); w != nil {
			w.mu.Lock()
			w.step = st.Text
			w.mu.Unlock()
		}
		return ctx, nil
	})
	sc.After(func(ctx context.Context, s *godog.Scenario, scErr error) (context.Context, error) {
		// Judged before the heal, while the scenario's faults still hold.
		var judged error
		if w := worldFrom(ctx); w != nil {
			stopLeftoverHAStream(w)
			judged = w.judgeHonestHealth(ctx)
		}
		if len(d.Ledger.Pending()) > 0 {
			if err := d.Ledger.UndoAll(ctx, undoer{lab: d.Lab, chaos: d.Chaos}); err != nil {
				return ctx, errors.Join(judged, fmt.Errorf("heal faults after scenario %q: %w", s.Name, err))
			}
		}
		if w := worldFrom(ctx); w != nil && w.faulted() {
			if !d.EagerReset {
				due.owe(w.scenario)
			} else if err := resetAfter(ctx, w); err != nil {
				return ctx, errors.Join(judged, err)
			}
		}
		d.History.SetScenario("")
		return ctx, judged
	})
}

// Undoer returns the fault undoer for a lab, for teardown outside a
// scenario; c may be nil when the run has no chaos engine.
func Undoer(l Lab, c Chaos) fault.Undoer { return undoer{lab: l, chaos: c} }

// SaltVersion asks the first minion (or master) which Salt it runs.
func SaltVersion(ctx context.Context, l Lab) (string, error) {
	targets := append(minions(l), Masters(l)...)
	if len(targets) == 0 {
		return "", fmt.Errorf("ask salt version: the lab has no Salt services")
	}
	return saltVersion(ctx, l, targets[0])
}

// Package scenario is what a scenario runs on, under the Gherkin phrases
// of steps/: the run's dependencies (Deps), the per-scenario World with
// its recording Salt client, and what the phrases share: bounds read from
// each minion's own configuration and the balancer's, polls over the
// minions, waits on the history (event streams watched again, sign-ins),
// judging the history with the checkers, the minions' reset between
// scenarios, and the lab's configuration recorded before the first.
// Salt runs only through its CLIs inside the lab's containers, so the same
// code serves real Salt and the Salt double.
package scenario

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/salt/saltapi"
)

// Chaos injects faults through the run's ledger; *chaos.Engine is the real
// one. Its Undo heals every kind, including KindStop.
type Chaos interface {
	Inject(ctx context.Context, s chaos.Spec) (fault.Entry, error)
	Undo(ctx context.Context, e fault.Entry) error
}

// Deps is what the runner hands to the scenarios.
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
	// MasterOpts, when set, answers the lab's questions about a master's
	// options from one reading of them a master (client.MasterOptions):
	// one per lab, shared by its scenarios; nil asks Salt every time.
	MasterOpts *client.MasterOptions
	// Answers, when set, probes the function of every master whose
	// Docker health the run records (one master-answers operation each)
	// and returns them: after each scenario honest-health holds Docker's
	// health of those masters against their probes.
	Answers func(ctx context.Context) []string
}

// World is the state of one scenario that its steps share with the run:
// its name, where its history begins, the step running now, and when the
// last fault took effect. The phrases keep their own notes beside it.
type World struct {
	Deps
	Name    string // the scenario's, as the reports name it (features.RowName)
	From    int64  // the history's next index when the scenario began
	mu      sync.Mutex
	logMu   sync.Mutex // Log is written by the per-minion pollers at once
	step    string     // the step running now, for verdicts
	faultAt time.Time  // when the last fault took effect
	settled int64      // history index up to which settle has waited for return events
}

// New is the World of scenario name, beginning at the history's next
// entry.
func New(d Deps, name string) *World {
	return &World{Deps: d, Name: name, From: d.History.Next()}
}

// LabHealthyBound bounds waiting for a healthy lab.
func (w *World) LabHealthyBound() time.Duration {
	return cmp.Or(w.HealthTimeout, labHealthyTimeout) + w.FleetStart
}

// NoteFault marks that a fault (or a heal) took effect now and returns
// the time: a faulted scenario owes the next one a reset of the minions.
func (w *World) NoteFault() time.Time {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.faultAt = time.Now()
	return w.faultAt
}

// faulted reports whether the scenario injected a fault.
func (w *World) faulted() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return !w.faultAt.IsZero()
}

// SetStep names the step running now, which verdicts are recorded under.
func (w *World) SetStep(text string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.step = text
}

// Step is the step running now.
func (w *World) Step() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.step
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

// Waitf tells a wait, with its bound and the bound's terms.
func (w *World) Waitf(format string, args ...any) { w.note("wait: ", Notes.Wait, format, args...) }

// Faultf tells a fault that took effect.
func (w *World) Faultf(format string, args ...any) { w.note("fault: ", Notes.Fault, format, args...) }

// Verdictf tells a checker's verdict and what it measured.
func (w *World) Verdictf(format string, args ...any) {
	w.note("verdict: ", Notes.Verdict, format, args...)
}

// Warnf tells what the person watching should know went amiss.
func (w *World) Warnf(format string, args ...any) { w.note("warning: ", Notes.Warn, format, args...) }

// Logf is a detail: shown with -v, kept in console.log.
func (w *World) Logf(format string, args ...any) { w.note("", Notes.Detail, format, args...) }

// note tells Notes, or writes a line of Log under the note's kind.
func (w *World) note(kind string, tell func(Notes, string), format string, args ...any) {
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

// Undoer returns the fault undoer for a lab, for the steps' heal and for
// teardown outside a scenario; c may be nil when the run has no chaos
// engine.
func Undoer(l Lab, c Chaos) fault.Undoer { return undoer{lab: l, chaos: c} }

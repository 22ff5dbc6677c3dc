// Package record is a run's evidence while its labs run: every operation
// and fault window in history.jsonl, every master's event bus, what
// Docker calls each service and whether each master answers, and the
// verdicts judged on it; verdicts.json is written and the history closed
// once every lab is done.
package record

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/client/eventlog"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/bringup"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/labview"
	"github.com/saltlab/saltlab/internal/scenario"
)

// streamsReadyTimeout bounds waiting for every master's event stream to
// go live before the first scenario; a master that needs longer is still
// watched, and checks that need its events until then say unknown.
const streamsReadyTimeout = 60 * time.Second

// Evidence is one lab's record: its view of the run's history.jsonl
// (operations, every master's events, the ledger's fault windows) and the
// verdicts judged on it.
type Evidence struct {
	Rec      *history.Recorder
	Verdicts *checker.Judgements
	Ledger   *fault.Ledger // the lab's fault ledger, whose lines become the history's fault windows
	Lab      labview.View  // the lab as the recording Salt client drives it
	watch    *eventlog.Watcher
	health   *healthRecord
}

// Start records the lab of s into the run's history, through the lab's
// own view of it: the faults of its ledger (made here, in the run
// folder), every bus of its masters and syndics, and what Docker calls
// each service and whether each master answers.
func (r *Run) Start(ctx context.Context, s *bringup.Session) (*Evidence, error) {
	rec, err := r.Recorder(s.RunDir, s.LabName)
	if err != nil {
		return nil, err
	}
	if err := s.Target.RecordPlacement(ctx, rec, s.Lab); err != nil {
		// The placement names nodes in entries; without it they name
		// none, as on compose: the run goes on, saying so.
		fmt.Fprintf(console.PlumbingOf(s.Log), "history: %v\n", err)
	}
	recordKeySeeds(rec, s.Lab.KeySeeds(), s.Log)
	ledger := fault.NewLedger(filepath.Join(s.RunDir, runstate.LedgerName(s.LabName)))
	v := labview.Of(s.Lab, s.Roles)
	return start(ctx, rec, r.Verdicts, s.Lab, v, s.Docker, ledger, scenario.Buses(v), s.Log), nil
}

// start records, through rec (the lab's view of the run's history), the
// ledger's faults, every master's bus, and what Docker calls each service
// and whether each master answers (startHealth). v is the lab l as the
// recording Salt client drives it.
func start(ctx context.Context, rec *history.Recorder, verdicts *checker.Judgements, l *lab.Lab, v labview.View, ev lab.Eventer, ledger *fault.Ledger, masters []string, log io.Writer) *Evidence {
	record, banner := scenario.RecordFaults(rec), faultBanners(console.LabOf(log))
	e := &Evidence{Rec: rec, Verdicts: verdicts, Ledger: ledger, Lab: v}
	// The streams' restarts and their commands are plumbing.
	e.watch = eventlog.Start(ctx, v, rec, masters, console.PlumbingOf(log))
	e.health = startHealth(ctx, ev, l, l, rec, masters, log)
	isMaster := map[string]bool{}
	for _, m := range masters {
		isMaster[m] = true
	}
	ledger.SetObserver(func(event string, e2 fault.Entry, at time.Time) {
		record(event, e2, at)
		banner(event, e2, at)
		// A master's salt-master killed and started again leaves the
		// old event stream deaf (eventlog Renew): watch it afresh.
		if event == history.LedgerUndone && e2.Kind == history.FaultProcKill && isMaster[e2.Target] {
			e.watch.Renew(e2.Target)
		}
	})
	if err := e.watch.Ready(ctx, streamsReadyTimeout); err != nil {
		fmt.Fprintf(log, "warning: %v\n", err)
	}
	return e
}

// faultBanners tells every undo of a fault as the ledger records it,
// whoever undoes it (a step, the scenario's end, the teardown). The
// fault itself the step that injected it tells, once it took effect; the
// ledger's record of it, made before it acts, is plumbing.
func faultBanners(lab *console.Lab) fault.Observer {
	return func(event string, e fault.Entry, _ time.Time) {
		what := fmt.Sprintf("%s %s (fault %d)", e.Kind, e.Target, e.ID)
		switch event {
		case history.LedgerInject:
			fmt.Fprintf(lab.Plumbing(), "fault ledger: %s of %q recorded\n", what, e.Scenario)
		case history.LedgerUndone:
			lab.Heal("undid " + what)
		case history.LedgerStale:
			lab.Warn("closed " + what + " unhealed: its lab is gone")
		default:
			lab.Warn("FAILED to undo " + what + ": `saltlab heal` retries it")
		}
	}
}

// Stop stops the streams once the scenarios are done; the history stays
// open for the teardown's heals (Close), and the run writes verdicts.json
// and closes it once every lab is done (Run.Finish).
func (e *Evidence) Stop() {
	e.watch.Stop()
	e.health.stop()
}

// Close stops recording the lab after its last fault was healed (and the
// streams, should Stop not have run).
func (e *Evidence) Close() {
	e.Stop()
	e.Ledger.SetObserver(nil)
}

// Answers is the scenarios' Deps.Answers: a probe round of every master
// whose Docker health is recorded, or nil when there is none to judge.
func (e *Evidence) Answers() func(context.Context) []string {
	if len(e.health.probed) == 0 {
		return nil
	}
	return e.health.Round
}

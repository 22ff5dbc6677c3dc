// Package suite runs one lab's scenarios with godog: it asks which Salt
// the lab runs and leaves out the scenarios that do not hold for it,
// records the lab's configuration into the history, runs the scenarios in
// strict mode one at a time through the steps' phrases, and keeps the
// containers' logs while the containers still exist.
package suite

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/lab/capacity"
	"github.com/saltlab/saltlab/internal/run/bringup"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/progress"
	"github.com/saltlab/saltlab/internal/run/record"
	"github.com/saltlab/saltlab/internal/run/saltlogs"
	"github.com/saltlab/saltlab/internal/run/selection"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
	"github.com/saltlab/saltlab/internal/scenario"
)

// Outcome is what one lab's scenarios left for the reports, which are
// rendered from it and the run folder once the labs are gone.
type Outcome struct {
	Run         report.Run
	Lab         Lab   // the lab's godog JUnit and the scenarios it ran
	Interrupted error // the run's cancellation cause, when it cut scenarios short
	Status      int   // godog's: 0 passed, 1 failed
}

// Lab is one lab's part of the run's reports.
type Lab struct {
	Name  string
	JUnit string // godog's JUnit, in the run folder
	Rows  []report.Row
}

// On is the lab the scenarios run on, as the run's scopes set it up:
// brought up, recorded (its fault ledger included), and bound to its
// chaos engine.
type On struct {
	Session  *bringup.Session
	Evidence *record.Evidence
	Chaos    *chaos.Engine
}

// Run is everything a run does with a lab up: ask which Salt it runs,
// record the lab's configuration, run the lab's scenarios (p, as sel
// selects them), stop the evidence streams, and save the containers'
// logs while the containers still exist. It returns nil when the
// scenarios could not run to an end that can be reported.
func Run(ctx context.Context, cfg settings.Config, on On, sl selection.Selector, sel tagexpr.Expr, p selection.Plan, ms *report.Measurements) (*Outcome, error) {
	s, ev := on.Session, on.Evidence
	log, started := s.Log, s.Started
	s.MarkRan()
	v := ev.Lab
	run := report.Run{ID: s.State.RunID, Topology: s.State.Topology, Project: s.Project, Started: s.Started, Host: s.Host, Engine: s.Engine, BringUp: s.BringUp,
		Flavor: report.Flavor{Name: s.Flavor.Name, Route: s.Flavor.Route, Reason: s.Flavor.Reason}}
	if ver, verr := scenario.SaltVersion(ctx, v); verr == nil {
		run.Flavor.Version = ver
		var monitor *bool
		if set, given := cfg.Knobs.ZMQMonitor(); given {
			monitor = &set
		}
		var err error
		if sel, p.Rows, err = sl.NarrowToRelease(sel, p.Rows, ver, monitor); err != nil {
			return nil, err
		}
	} else {
		run.Flavor.Version = "unknown (" + verr.Error() + ")"
	}
	if vr, verr := scenario.VersionsReport(ctx, v); verr == nil {
		run.Flavor.VersionsReport = vr
	} else {
		fmt.Fprintf(log, "warning: %v\n", verr)
	}

	deps := scenario.Deps{Lab: v, Ledger: ev.Ledger, Measurements: ms, Log: log, Chaos: on.Chaos, API: s.Creds,
		History: ev.Rec, Verdicts: ev.Verdicts, AllowUnknown: cfg.AllowUnknown, Answers: ev.Answers(),
		HerdSignIns: capacity.HerdSignIns[run.Flavor.Name], FleetStart: s.State.Knobs.FleetStart(),
		EagerReset: cfg.Keep, MasterOpts: client.NewMasterOptions()}
	progress.New(console.PlumbingOf(log), started).Line("recording the lab's configuration (minion settings and /etc/hosts, master ports, addresses and key fingerprints) into the history")
	scenario.RecordLabConfig(ctx, deps)
	junit := godogJUnitOf(p.Name)
	status, err := runScenarios(ctx, sel, p.Paths, filepath.Join(s.RunDir, junit), deps)
	ev.Stop()
	if err != nil {
		return nil, err
	}
	run.Duration = time.Since(started)
	var interrupted error
	if ctx.Err() != nil {
		interrupted = context.Cause(ctx)
	}
	saltlogs.KeepAll(ctx, s.Lab, s.RunDir, p.Name, log, started)
	return &Outcome{Run: run, Lab: Lab{Name: p.Name, JUnit: junit, Rows: p.Rows}, Interrupted: interrupted, Status: status}, nil
}

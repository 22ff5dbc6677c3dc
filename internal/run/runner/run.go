package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/progress"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/steps"
)

// ErrScenariosFailed means the run worked but at least one scenario failed.
var ErrScenariosFailed = errors.New("scenarios failed")

// Result is what a run produced.
type Result struct {
	RunDir  string
	Reports []string // the report files written, none if the run never got that far
	Summary report.Summary
}

// Run executes one run. Every input is checked before any Docker work
// (usage errors), cfg.Timeout bounds the rest, and cleanup (fault heal, lab
// teardown, the private dir) always happens on a context detached from
// ctx, unless cfg.Keep.
func Run(ctx context.Context, cfg Config) (res Result, err error) {
	if len(cfg.Features) == 0 {
		return res, usage.Errorf("validate feature paths: none given")
	}
	if err := cfg.Validate(); err != nil {
		return res, err
	}
	for _, p := range cfg.Features {
		if _, err := os.Stat(p); err != nil {
			return res, usage.Errorf("validate feature path: %w (name .feature files or directories; default %s/features)", err, cfg.RepoRoot)
		}
	}
	// The roles decide which general scenarios apply; bringUp reads them
	// again once the knobs have added their clones.
	file, err := cfg.composeFile()
	if err != nil {
		return res, err
	}
	topoRoles, err := checkRoles(ctx, file, ProjectName(cfg.Topology, "select"))
	if err != nil {
		return res, err
	}
	sel, err := selection(cfg.Topology, cfg.Tags, topoRoles)
	if err != nil {
		return res, err
	}
	log := cfg.Log
	if log == nil {
		log = io.Discard
	}
	started := time.Now()
	rows, err := selectScenarios(cfg, sel)
	if err != nil {
		return res, err
	}
	if cfg.Flavor == images.FlavorSim { // else known once the images are resolved
		if sel, rows, err = narrowToFlavor(cfg, sel, rows, cfg.Flavor, log, started); err != nil {
			return res, usage.Wrap(err)
		}
	}
	phase(log, started, "checked the feature files in %v; %q selects %d scenario(s)", cfg.Features, sel.String(), len(rows))
	if _, what := topoRoles.Unmet(); len(what) > 0 {
		phase(log, started, "general scenarios that need %s do not apply to this topology", strings.Join(what, "; "))
	}
	if cfg.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, cfg.Timeout, fmt.Errorf("--timeout %v reached", cfg.Timeout))
		defer cancel()
	}
	s, err := bringUp(ctx, &cfg, started)
	if s == nil {
		return res, err
	}
	defer s.Close()
	res.RunDir = s.runDir
	if cfg.Flavor != images.FlavorSim && s.run.Flavor.Name == images.FlavorSim { // auto fell back to the double
		if sel, rows, err = narrowToFlavor(cfg, sel, rows, s.run.Flavor.Name, log, started); err != nil {
			return res, err
		}
	}
	adapter := labAdapter{l: s.lab, roles: s.roles}
	ev, err := startEvidence(ctx, s.runDir, s.lab, s.cli, s.ledger, steps.Buses(adapter), log, progress.New(log, started))
	if err != nil {
		return res, err
	}
	// Registered before the history's close, so it runs after it: the
	// reports saved are rendered again from the final history (the
	// teardown's heals included), the files `saltlab report` reads.
	defer func() {
		if len(res.Reports) == 0 {
			return
		}
		sum, files, rerr := report.Rerender(res.RunDir)
		if rerr != nil {
			err = errors.Join(err, fmt.Errorf("render final reports: %w", rerr))
			return
		}
		res.Summary, res.Reports = sum, files
	}()
	// Registered before the teardown, so it runs after it: the heals of
	// the teardown still close their fault windows in the history.
	defer func() {
		if cerr := ev.close(s.ledger); cerr != nil {
			err = errors.Join(err, cerr)
		}
	}()
	eng := NewEngine(s.cli, s.state, s.ledger, s.builder, progress.New(log, started).Writer("chaos"))
	defer func() {
		if cfg.Keep {
			if derr := s.detach(ctx); derr != nil {
				err = errors.Join(err, derr)
			}
			fmt.Fprintf(log, "keeping the lab (project %s); remove it with: saltlab down --run %s\n", s.run.Project, cfg.RunID)
			return
		}
		if terr := teardown(ctx, s.lab, s.ledger, steps.Undoer(adapter, eng), log, started); terr != nil {
			err = errors.Join(err, terr)
		}
		if perr := runstate.RemovePrivate(s.private); perr != nil {
			err = errors.Join(err, perr)
		}
	}()
	run := s.run
	if v, verr := steps.SaltVersion(ctx, adapter); verr == nil {
		run.Flavor.Version = v
	} else {
		run.Flavor.Version = "unknown (" + verr.Error() + ")"
	}
	if vr, verr := steps.VersionsReport(ctx, adapter); verr == nil {
		run.Flavor.VersionsReport = vr
	} else {
		fmt.Fprintf(log, "warning: %v\n", verr)
	}

	ms := &report.Measurements{}
	deps := steps.Deps{Lab: adapter, Ledger: s.ledger, Measurements: ms, Log: log, Chaos: eng, API: s.creds,
		History: ev.rec, Verdicts: ev.verdicts, AllowUnknown: cfg.AllowUnknown, Answers: ev.answers()}
	phase(log, started, "recording the lab's configuration (minion settings, master key fingerprints) into the history")
	steps.RecordLabConfig(ctx, deps)
	status, err := runScenarios(ctx, cfg, sel, res.RunDir, deps, started)
	if ferr := ev.finish(res.RunDir); ferr != nil {
		err = errors.Join(err, ferr)
	}
	if err != nil {
		return res, err
	}
	run.Duration = time.Since(started)
	var interrupted error
	if ctx.Err() != nil {
		interrupted = context.Cause(ctx)
	}
	saveLogs(ctx, s.lab, res.RunDir, log, started)
	res.Summary, res.Reports, err = writeReports(res.RunDir, run, rows, ms, interrupted)
	if err != nil {
		return res, err
	}
	phase(log, started, "reports written to %s", res.RunDir)
	if interrupted != nil {
		return res, fmt.Errorf("run interrupted (%v): scenarios cut short are reported as interrupted", interrupted)
	}
	if len(res.Summary.Scenarios) == 0 {
		return res, fmt.Errorf("no scenario ran: godog selected none with %q in %v", sel.String(), cfg.Features)
	}
	if status != 0 || !res.Summary.Passed {
		return res, ErrScenariosFailed
	}
	if err := unknownsFail(res.Summary, cfg.AllowUnknown); err != nil {
		return res, err
	}
	return res, nil
}

// narrowToFlavor leaves out what the flavour cannot serve and names it.
func narrowToFlavor(cfg Config, sel tagexpr.Expr, rows []report.Row, flavor string, log io.Writer, started time.Time) (tagexpr.Expr, []report.Row, error) {
	narrowed, err := onFlavor(sel, flavor)
	if err != nil {
		return sel, rows, err
	}
	kept, err := selectScenarios(cfg, narrowed)
	if err != nil {
		return sel, rows, fmt.Errorf("every selected scenario is tagged %s and needs genuine Salt, which the %s flavour is not: %w", RealOnlyTag, flavor, err)
	}
	if out := leftOut(rows, kept); len(out) > 0 {
		phase(log, started, "%d scenario(s) tagged %s need genuine Salt and do not run on the %s flavour: %s", len(out), RealOnlyTag, flavor, strings.Join(out, "; "))
	}
	return narrowed, kept, nil
}

// writeReports turns godog's JUnit and the evidence in runDir into the
// run's reports and returns the files written. Outline rows get the names
// the steps recorded them under (rows); an interrupted run marks the
// scenarios it cut short.
func writeReports(runDir string, run report.Run, rows []report.Row, ms *report.Measurements, interrupted error) (report.Summary, []string, error) {
	suites, err := report.ReadJUnit(filepath.Join(runDir, godogJUnit))
	if err != nil {
		return report.Summary{}, nil, err
	}
	return report.WriteAll(runDir, report.Summarize(run, report.NameRows(suites, rows), ms, interrupted))
}

// teardown heals recorded faults, then removes the lab (chaos helpers carry
// its labels and go with it), on a context that the run's cancellation
// cannot reach.
func teardown(ctx context.Context, l *lab.Lab, ledger *fault.Ledger, u fault.Undoer, log io.Writer, started time.Time) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), TeardownTimeout)
	defer cancel()
	var errs []error
	p := progress.New(log, started)
	if n := len(ledger.Pending()); n > 0 {
		p.Phase("heal", "undoing %d fault(s)", n)
		done := p.Wait("the faults to be undone", time.Now().Add(fault.UndoTimeout))
		err := ledger.UndoAll(ctx, u)
		done(err)
		errs = append(errs, err)
	}
	p.Phase("teardown", "removing lab %s", l.Project())
	done := p.Wait("every container, network and volume of "+l.Project()+" to be removed", deadlineOf(ctx))
	err := l.Down(ctx)
	done(err)
	if err != nil {
		errs = append(errs, fmt.Errorf("tear lab down: %w", err))
	}
	phase(log, started, "lab %s removed", l.Project())
	return errors.Join(errs...)
}

// sweepStale removes what runs whose runner died (e.g. SIGKILL) left behind.
// It returns the runs that still have resources afterwards.
// Their private dirs (under stateDir) go with them.
func sweepStale(ctx context.Context, cli *client.Client, stateDir string, log io.Writer) map[string]string {
	owners, err := RunOwners(ctx, cli)
	if err != nil {
		fmt.Fprintf(log, "warning: look for leftovers of earlier runs: %v\n", err)
		return nil
	}
	for _, id := range StaleRuns(owners) {
		sw, err := lab.Sweep(ctx, cli, map[string]string{labels.Run: id})
		if err != nil {
			fmt.Fprintf(log, "warning: sweep leftovers of run %s: %v\n", id, err)
			continue
		}
		delete(owners, id)
		if err := runstate.RemovePrivate(filepath.Join(stateDir, id)); err != nil {
			fmt.Fprintf(log, "warning: sweep leftovers of run %s: %v\n", id, err)
		}
		fmt.Fprintf(log, "swept leftovers of dead run %s: %+v\n", id, sw)
	}
	return owners
}

func phase(w io.Writer, started time.Time, format string, args ...any) {
	progress.New(w, started).Line(format, args...)
}

// deadlineOf is ctx's deadline, or a minute from now when it has none.
func deadlineOf(ctx context.Context) time.Time {
	if d, ok := ctx.Deadline(); ok {
		return d
	}
	return time.Now().Add(time.Minute)
}

func announceFlavor(w io.Writer, asked string, f images.Flavor) {
	if f.Name == "sim" {
		fmt.Fprintf(w, "\n==== SALT FLAVOUR: sim (the hermetic Salt double, NOT real Salt) ====\n")
		if asked == "auto" {
			fmt.Fprintf(w, "==== auto chose sim because: %s\n", f.Reason)
		}
		fmt.Fprintf(w, "==== results will be labelled as Salt-double results in every report\n\n")
		return
	}
	fmt.Fprintf(w, "\n==== SALT FLAVOUR: real: Salt %s (%s, installed by route %s) ====\n\n", f.Version, f.Image, f.Route)
}

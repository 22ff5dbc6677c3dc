package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/capacity"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/progress"
	"github.com/saltlab/saltlab/internal/run/scenario"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/userfile"
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
// ctx, unless cfg.Keep; the reports are rendered after it.
func Run(ctx context.Context, cfg Config) (res Result, err error) {
	if len(cfg.Features) == 0 {
		return res, usage.Errorf("validate feature paths: none given")
	}
	if err := cfg.Validate(); err != nil {
		return res, err
	}
	for _, p := range cfg.Features {
		fi, err := os.Stat(p)
		if err != nil {
			return res, usage.Errorf("validate feature path: %w (name .feature files or directories; default %s/features)", err, cfg.RepoRoot)
		}
		if fi.IsDir() {
			continue
		}
		if _, err := userfile.Check(p, userfile.Text); err != nil {
			return res, usage.Errorf("validate feature path: %w", err)
		}
	}
	// The roles decide which general scenarios apply; bringUp reads them
	// again once the knobs have added their clones.
	file, err := cfg.composeFile()
	if err != nil {
		return res, err
	}
	project, topoRoles, err := cfg.checkProject(ctx, file, ProjectName(cfg.Topology, "select"))
	if err != nil {
		return res, err
	}
	n, how, err := cfg.labCount(project, topoRoles)
	if err != nil {
		return res, err
	}
	sel, err := selection(cfg.Topology, cfg.Tags, topoRoles)
	if err != nil {
		return res, err
	}
	if sel, err = onKeys(sel, cfg.Knobs.KeysByHand()); err != nil {
		return res, err
	}
	sel, fleetNote, err := onFleet(sel, cfg.Knobs.Fleet())
	if err != nil {
		return res, err
	}
	term := cfg.Log
	if term == nil {
		term = io.Discard
	}
	con := console.New(term, console.Options{Verbose: cfg.Verbose, Width: console.Width(term, os.Getenv)})
	defer con.Close()
	cfg.Log = con
	log := io.Writer(con)
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
	if fleetNote != "" {
		phase(log, started, "%s", fleetNote)
	}
	if !cfg.Knobs.KeysByHand() {
		phase(log, started, "scenarios tagged %s need masters that do not auto-accept keys and run only with --set master.auto_accept=false", ManualKeysTag)
	}
	if cfg.RunID == "" {
		cfg.RunID = labels.NewRunID(started)
	}
	plans := planLabs(cfg.Features, rows, n)
	if len(plans) > 1 {
		phase(log, started, "%d labs in parallel (%s), a feature file at a time:%s", len(plans), how, describePlans(plans))
	}
	if cfg.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, cfg.Timeout, fmt.Errorf("--timeout %v reached", cfg.Timeout))
		defer cancel()
	}
	reports, err := filepath.Abs(cfg.ReportsDir)
	if err != nil {
		return res, fmt.Errorf("resolve reports dir: %w", err)
	}
	names := make([]string, len(plans))
	for i, p := range plans {
		names[i] = p.name
	}
	sh := newRunShared(newRunClaim(runstate.Dir(reports, cfg.RunID), names), con)
	outs, err := runLabs(ctx, cfg, sh, plans, sel, started)
	if ferr := sh.finish(); ferr != nil {
		err = errors.Join(err, ferr)
	}
	out := merge(outs, rows)
	if out == nil { // the scenarios never ran: nothing to report
		return res, err
	}
	out.unrun = unrun(plans, outs, err)
	res.RunDir = sh.runDir
	cleanupErr := err
	res.Summary, res.Reports, err = writeReports(res.RunDir, *out)
	if err != nil {
		return res, errors.Join(err, cleanupErr)
	}
	phase(log, started, "reports written to %s", res.RunDir)
	con.Summary(res.Summary, res.RunDir)
	return res, errors.Join(out.verdict(res.Summary, cfg, sel), cleanupErr)
}

// outcome is what the scenarios left for the reports, which are rendered
// from it and the run folder once the labs are gone.
type outcome struct {
	run         report.Run
	labs        []labRun     // each lab's godog JUnit and the scenarios it ran
	rows        []report.Row // the run's selection, in file order
	ms          *report.Measurements
	interrupted error // the run's cancellation cause, when it cut scenarios short
	status      int   // godog's, the worst of the labs'
	// unrun names the labs of several whose scenarios never ran (a lab
	// that did not come up): the report says so and does not pass.
	unrun error
}

// labRun is one lab's part of the run's reports.
type labRun struct {
	name  string
	junit string // godog's JUnit, in the run folder
	rows  []report.Row
}

// scenarios is everything a run does with a lab up: ask which Salt it
// runs, record the lab's configuration, run the lab's scenarios, stop
// the evidence streams, and save the containers' logs while the
// containers still exist. It returns nil when the scenarios could not
// run to an end that can be reported.
func scenarios(ctx context.Context, cfg Config, s *session, adapter labAdapter, ev *evidence, eng *chaos.Engine, sel tagexpr.Expr, p labPlan, ms *report.Measurements) (*outcome, error) {
	log, started := s.log, s.started
	s.ran = true
	run := s.run
	if v, verr := scenario.SaltVersion(ctx, adapter); verr == nil {
		run.Flavor.Version = v
		var err error
		if sel, p.rows, err = narrowToRelease(cfg, sel, p.rows, v, log, started); err != nil {
			return nil, err
		}
	} else {
		run.Flavor.Version = "unknown (" + verr.Error() + ")"
	}
	if vr, verr := scenario.VersionsReport(ctx, adapter); verr == nil {
		run.Flavor.VersionsReport = vr
	} else {
		fmt.Fprintf(log, "warning: %v\n", verr)
	}

	deps := scenario.Deps{Lab: adapter, Ledger: s.ledger, Measurements: ms, Log: log, Chaos: eng, API: s.creds,
		History: ev.rec, Verdicts: ev.verdicts, AllowUnknown: cfg.AllowUnknown, Answers: ev.answers(),
		HerdSignIns: capacity.HerdSignIns[run.Flavor.Name], FleetStart: s.state.Knobs.FleetStart(),
		EagerReset: cfg.Keep}
	phase(console.PlumbingOf(log), started, "recording the lab's configuration (minion settings and /etc/hosts, master ports, addresses and key fingerprints) into the history")
	scenario.RecordLabConfig(ctx, deps)
	junit := godogJUnitOf(p.name)
	status, err := runScenarios(ctx, sel, p.paths, filepath.Join(s.runDir, junit), deps)
	ev.stop()
	if err != nil {
		return nil, err
	}
	run.Duration = time.Since(started)
	var interrupted error
	if ctx.Err() != nil {
		interrupted = context.Cause(ctx)
	}
	saveLogs(ctx, s.lab, s.runDir, p.name, log, started)
	return &outcome{run: run, labs: []labRun{{name: p.name, junit: junit, rows: p.rows}}, ms: ms, interrupted: interrupted, status: status}, nil
}

// verdict is the run's result from its rendered summary: interrupted, no
// scenario run, a scenario failed, or a check said unknown, else nil.
func (o outcome) verdict(sum report.Summary, cfg Config, sel tagexpr.Expr) error {
	if o.interrupted != nil {
		return fmt.Errorf("run interrupted (%v): scenarios cut short are reported as interrupted", o.interrupted)
	}
	if len(sum.Scenarios) == 0 {
		return fmt.Errorf("no scenario ran: godog selected none with %q in %v", sel.String(), cfg.Features)
	}
	if o.status != 0 || !sum.Passed {
		return scenariosFailed(sum)
	}
	return unknownsFail(sum, cfg.AllowUnknown)
}

// narrowToRelease leaves out the scenarios that do not hold for the Salt
// release the lab runs (onRelease) and names them.
func narrowToRelease(cfg Config, sel tagexpr.Expr, rows []report.Row, version string, log io.Writer, started time.Time) (tagexpr.Expr, []report.Row, error) {
	var monitor *bool
	if on, set := cfg.Knobs.ZMQMonitor(); set {
		monitor = &on
	}
	narrowed, why, err := onRelease(sel, version, monitor)
	if err != nil || why == "" {
		return sel, rows, err
	}
	kept, err := leaveOut(cfg, rows, narrowed, "every selected scenario is for another Salt release: "+why, "left out: "+why, log, started)
	if err != nil {
		return sel, rows, err
	}
	return narrowed, keptOf(rows, kept), nil
}

// narrowToFlavor leaves out what the flavour cannot serve and names it.
func narrowToFlavor(cfg Config, sel tagexpr.Expr, rows []report.Row, flavor string, log io.Writer, started time.Time) (tagexpr.Expr, []report.Row, error) {
	narrowed, err := onFlavor(sel, flavor)
	if err != nil {
		return sel, rows, err
	}
	kept, err := leaveOut(cfg, rows, narrowed,
		fmt.Sprintf("every selected scenario is tagged %s and needs genuine Salt, which the %s flavour is not", RealOnlyTag, flavor),
		fmt.Sprintf("tagged %s need genuine Salt and do not run on the %s flavour", RealOnlyTag, flavor), log, started)
	if err != nil {
		return sel, rows, err
	}
	return narrowed, kept, nil
}

// leaveOut selects what narrowed keeps of the features and names in the
// log the rows it left out ("N scenario(s) <said>: ..."); noneLeft is the
// error when nothing is left.
func leaveOut(cfg Config, rows []report.Row, narrowed tagexpr.Expr, noneLeft, said string, log io.Writer, started time.Time) ([]report.Row, error) {
	kept, err := selectScenarios(cfg, narrowed)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", noneLeft, err)
	}
	if out := leftOut(rows, kept); len(out) > 0 {
		phase(log, started, "%d scenario(s) %s: %s", len(out), said, strings.Join(out, "; "))
	}
	return kept, nil
}

// writeReports turns the labs' godog JUnit files and the evidence in
// runDir into the run's reports and returns the files written: one
// report of every lab's scenarios, features in file order, each scenario
// named with its lab when the run had several. Outline rows get the
// names the steps recorded them under; an interrupted run marks the
// scenarios it cut short. It runs once, after teardown, so the reports
// show the teardown's heals closing their fault windows.
func writeReports(runDir string, o outcome) (report.Summary, []string, error) {
	var all report.Suites
	type key struct{ feature, name string }
	labOf := map[key]string{}
	for _, l := range o.labs {
		suites, err := report.ReadJUnit(filepath.Join(runDir, l.junit))
		if err != nil {
			return report.Summary{}, nil, err
		}
		suites = report.NameRows(suites, l.rows)
		for _, su := range suites.Suites {
			for _, c := range su.Cases {
				labOf[key{su.Name, c.Name}] = l.name
			}
		}
		all.Suites = append(all.Suites, suites.Suites...)
	}
	first := map[string]int{}
	for i, r := range o.rows {
		if _, ok := first[r.Feature]; !ok {
			first[r.Feature] = i
		}
	}
	rank := func(feature string) int {
		if i, ok := first[feature]; ok {
			return i
		}
		return len(o.rows)
	}
	slices.SortStableFunc(all.Suites, func(a, b report.Suite) int { return rank(a.Name) - rank(b.Name) })
	sum := report.Summarize(o.run, all, o.ms, o.interrupted)
	if o.unrun != nil {
		sum.Error = o.unrun.Error()
	}
	for i := range sum.Scenarios {
		sum.Scenarios[i].Lab = labOf[key{sum.Scenarios[i].Feature, sum.Scenarios[i].Name}]
	}
	return report.WriteAll(runDir, sum)
}

// keptOf is the rows of a lab that kept (the run's narrowed selection)
// still holds.
func keptOf(rows, kept []report.Row) []report.Row {
	in := map[report.Row]bool{}
	for _, r := range kept {
		in[r] = true
	}
	var out []report.Row
	for _, r := range rows {
		if in[r] {
			out = append(out, r)
		}
	}
	return out
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

// Package runner runs one saltlab run end to end: check the feature files
// and select the scenarios before any Docker work, plan the labs, run
// them (internal/run/labs: bring-up, evidence, chaos and scenarios, always
// healed and torn down — on success, failure, Ctrl-C, panic and timeout),
// and then write the reports and say the run's result.
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

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/labs"
	"github.com/saltlab/saltlab/internal/run/progress"
	"github.com/saltlab/saltlab/internal/run/selection"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/usage"
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
func Run(ctx context.Context, cfg settings.Config) (res Result, err error) {
	if err := cfg.ValidateRun(); err != nil {
		return res, err
	}
	// The roles decide which general scenarios apply; bring-up reads them
	// again once the knobs have added their clones.
	file, err := cfg.ComposeFile()
	if err != nil {
		return res, err
	}
	project, topoRoles, err := cfg.CheckProject(ctx, file, settings.ProjectName(cfg.Topology, "select"))
	if err != nil {
		return res, err
	}
	n, how, err := cfg.LabCount(project, topoRoles)
	if err != nil {
		return res, err
	}
	sel, err := selection.Topology(cfg.Topology, cfg.Tags, topoRoles)
	if err != nil {
		return res, err
	}
	if sel, err = selection.OnKeys(sel, cfg.Knobs.KeysByHand()); err != nil {
		return res, err
	}
	sel, fleetNote, err := selection.OnFleet(sel, cfg.Knobs.Fleet())
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
	sl := selection.Selector{Paths: cfg.Features, Topology: cfg.Topology, Log: log, Started: started}
	rows, err := sl.Select(sel)
	if err != nil {
		return res, err
	}
	if cfg.Flavor == images.FlavorSim { // else known once the images are resolved
		if sel, rows, err = sl.NarrowToFlavor(sel, rows, cfg.Flavor); err != nil {
			return res, usage.Wrap(err)
		}
	}
	if sel, rows, err = sl.NarrowToEngine(sel, rows, cfg.Engine); err != nil {
		return res, usage.Wrap(err)
	}
	p := progress.New(log, started)
	p.Line("checked the feature files in %v; %q selects %d scenario(s)", cfg.Features, sel.String(), len(rows))
	if _, what := topoRoles.Unmet(); len(what) > 0 {
		p.Line("general scenarios that need %s do not apply to this topology", strings.Join(what, "; "))
	}
	if fleetNote != "" {
		p.Line("%s", fleetNote)
	}
	if !cfg.Knobs.KeysByHand() {
		p.Line("scenarios tagged %s need masters that do not auto-accept keys and run only with --set master.auto_accept=false", selection.ManualKeysTag)
	}
	cfg.EnsureRunID(started)
	plans := selection.PlanLabs(cfg.Features, rows, n)
	if len(plans) > 1 {
		p.Line("%d labs in parallel (%s), a feature file at a time:%s", len(plans), how, selection.DescribePlans(plans))
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
	for i, pl := range plans {
		names[i] = pl.Name
	}
	sh := labs.NewShared(runstate.Dir(reports, cfg.RunID), names, con)
	outs, err := labs.Run(ctx, cfg, sh, plans, sl, sel, started)
	if ferr := sh.Evidence.Finish(); ferr != nil {
		err = errors.Join(err, ferr)
	}
	out := merge(outs, rows, sh.MS)
	if out == nil { // the scenarios never ran: nothing to report
		return res, err
	}
	out.unrun = unrun(plans, outs, err)
	res.RunDir = sh.Evidence.Dir()
	cleanupErr := err
	res.Summary, res.Reports, err = writeReports(res.RunDir, *out)
	if err != nil {
		return res, errors.Join(err, cleanupErr)
	}
	p.Line("reports written to %s", res.RunDir)
	con.Summary(res.Summary, res.RunDir)
	return res, errors.Join(out.verdict(res.Summary, cfg, sel.String()), cleanupErr)
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
		suites, err := report.ReadJUnit(filepath.Join(runDir, l.JUnit))
		if err != nil {
			return report.Summary{}, nil, err
		}
		suites = report.NameRows(suites, l.Rows)
		for _, su := range suites.Suites {
			for _, c := range su.Cases {
				labOf[key{su.Name, c.Name}] = l.Name
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

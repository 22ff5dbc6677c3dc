package runner

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/cucumber/godog"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/features"
	"github.com/saltlab/saltlab/internal/run/scenario"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/salt/saltver"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/steps"
)

// godogJUnitOf is a lab's godog JUnit file in the run folder, godog's own
// JUnit output from which report.Summarize starts: godog-junit.xml for a
// run's only lab, godog-junit-<lab>.xml for each of several.
func godogJUnitOf(lab string) string {
	return runstate.LabName("godog-junit", lab) + ".xml"
}

// runScenarios runs the feature files at paths against the lab in strict
// mode, one scenario at a time (they share one lab), writes godog's JUnit
// to junit, and returns godog's status (0 passed, 1 failed).
// The console tells the scenarios' story (console.FormatName), and the
// steps tell it their waits, faults and verdicts (deps.Notes).
func runScenarios(ctx context.Context, sel tagexpr.Expr, paths []string, junit string, deps scenario.Deps) (int, error) {
	filter, err := sel.Godog()
	if err != nil {
		return 1, err
	}
	lab := console.LabOf(deps.Log)
	deps.Notes = lab
	opts := godog.Options{
		Paths:          paths,
		Tags:           filter,
		Format:         console.FormatName + ",junit:" + junit,
		Output:         lab.Events(),
		Strict:         true,
		NoColors:       true,
		Concurrency:    1,
		DefaultContext: ctx,
	}
	suite := godog.TestSuite{
		Name: "saltlab",
		// Once per run, not per scenario: it carries state from one
		// scenario to the next (the minions' reset a faulted scenario
		// owes the next).
		ScenarioInitializer: steps.Initializer(deps),
		Options:             &opts,
	}
	status := suite.Run()
	fmt.Fprintf(lab.Plumbing(), "scenarios finished with godog status %d\n", status)
	return status, nil
}

// selection selects the scenarios of a topology: those tagged with its
// name (@failover, @hot, ...), and every general scenario (@general) whose
// requirement tags (@needs-api, @mode-failover, ...) the topology's roles
// meet; the user's --tags narrows that further. It is parsed here, before
// any Docker work, so a malformed expression costs nothing.
func selection(topology, user string, r roles.Roles) (tagexpr.Expr, error) {
	if _, err := tagexpr.Tag("@" + topology); err != nil {
		return tagexpr.Expr{}, usage.Errorf("validate --topology %s: %w", topology, err)
	}
	general := roles.GeneralTag
	unmet, _ := r.Unmet()
	for _, t := range unmet {
		general += " and not " + t
	}
	topo, err := tagexpr.Parse("(@" + topology + " or (" + general + "))")
	if err != nil {
		return tagexpr.Expr{}, fmt.Errorf("build the scenario selection: %w", err)
	}
	u, err := tagexpr.Parse(user)
	if err != nil {
		return tagexpr.Expr{}, usage.Errorf("validate --tags: %w", err)
	}
	return tagexpr.And(topo, u), nil
}

// RealOnlyTag marks a scenario the Salt double cannot serve (its feature
// says why); a run on the double leaves it out and says so.
const RealOnlyTag = "@real-only"

// onFlavor narrows sel to what the flavour can serve: on the double, no
// @real-only scenario, so a sim result never stands in for a real-Salt one.
func onFlavor(sel tagexpr.Expr, flavor string) (tagexpr.Expr, error) {
	if flavor != images.FlavorSim {
		return sel, nil
	}
	not, err := tagexpr.Parse("not " + RealOnlyTag)
	if err != nil {
		return tagexpr.Expr{}, fmt.Errorf("build the scenario selection: %w", err)
	}
	return tagexpr.And(sel, not), nil
}

// ManualKeysTag marks a scenario that needs a key waiting pending, which
// only masters without auto_accept hold: it runs when the run sets
// master.auto_accept=false, and is left out (and said so) otherwise.
const ManualKeysTag = "@manual-keys"

// onKeys narrows sel to what the masters' key handling allows.
func onKeys(sel tagexpr.Expr, byHand bool) (tagexpr.Expr, error) {
	if byHand {
		return sel, nil
	}
	not, err := tagexpr.Parse("not " + ManualKeysTag)
	if err != nil {
		return tagexpr.Expr{}, fmt.Errorf("build the scenario selection: %w", err)
	}
	return tagexpr.And(sel, not), nil
}

// leftOut names the scenarios all selects that rows does not.
func leftOut(all, rows []report.Row) []string {
	kept := map[report.Row]bool{}
	for _, r := range rows {
		kept[r] = true
	}
	var out []string
	for _, r := range all {
		if !kept[r] {
			out = append(out, r.Name)
		}
	}
	return out
}

// selectScenarios checks the feature files and returns the scenarios sel
// selects, in file order, as the reports name them (report.Row); none is
// a usage error that lists the tags the files carry. A feature file that
// does not parse, or a step no definition matches, is a usage error too:
// the fix is in the file the user named.
func selectScenarios(cfg Config, sel tagexpr.Expr) ([]report.Row, error) {
	all, err := features.Check(cfg.Features, steps.Phrases())
	if err != nil {
		return nil, usage.Errorf("check features: %w\nfix the feature file named above: Gherkin syntax, and each step one that steps/definitions.go defines", err)
	}
	var rows []report.Row
	tags := map[string]bool{}
	for _, sc := range all {
		if sel.Match(sc.Tags) {
			rows = append(rows, report.Row{File: sc.File, Feature: sc.Feature, Pickle: sc.Name, Name: sc.Row})
		}
		for _, t := range sc.Tags {
			tags[t] = true
		}
	}
	if len(rows) == 0 {
		names := make([]string, 0, len(tags))
		for t := range tags {
			names = append(names, t)
		}
		sort.Strings(names)
		return nil, usage.Errorf("select scenarios: %q selects none of the %d scenario(s) in %v (tags there: %s); features run on topology %s when tagged @%s, or @general with requirement tags its x-saltlab roles meet: fix --tags or --topology",
			sel.String(), len(all), cfg.Features, strings.Join(names, " "), cfg.Topology, cfg.Topology)
	}
	return rows, nil
}

// Tags of scenarios that hold only for minions with, or without, ZeroMQ's
// disconnect monitor (saltcfg.MonitorsPubDisconnect: Salt 3007.15 and
// later, where zmq_monitor defaults to True): the DNS trap exists only
// without it.
const (
	MonitorTag   = "@zmq-monitor"
	NoMonitorTag = "@no-zmq-monitor"
)

// onRelease narrows sel to the scenarios that hold for the Salt the lab
// runs, read from `salt-call --version` (version); it is unchanged when
// the version cannot be read, and the scenarios' own first steps then
// check the minions themselves.
//
// zmqMonitor is the minions' setting when the run gives it (--set
// minion.zmq_monitor), else nil: the release's default, on from 3007.15.
// A drop-in of the user's that sets it is seen by the scenarios' first
// step only.
func onRelease(sel tagexpr.Expr, version string, zmqMonitor *bool) (tagexpr.Expr, string, error) {
	v, err := saltver.ParseReported(version)
	if err != nil {
		return sel, "", nil
	}
	monitor := true
	if zmqMonitor != nil {
		monitor = *zmqMonitor
	}
	ver, since := strings.TrimSpace(version), saltcfg.MonitorSince().String()
	var drop, why string
	switch {
	case saltcfg.MonitorsPubDisconnect(v, monitor):
		drop, why = NoMonitorTag, fmt.Sprintf("%s (%s) runs ZeroMQ's disconnect monitor by default (Salt %s and later), so there is no DNS trap to show", ver, NoMonitorTag, since)
	case v.AtLeast(saltcfg.MonitorSince()):
		drop, why = MonitorTag, fmt.Sprintf("%s has the ZeroMQ disconnect monitor, but this run sets zmq_monitor False (%s)", ver, MonitorTag)
	default:
		drop, why = MonitorTag, fmt.Sprintf("%s (%s) has no ZeroMQ disconnect monitor, which came with Salt %s", ver, MonitorTag, since)
	}
	not, err := tagexpr.Parse("not " + drop)
	if err != nil {
		return tagexpr.Expr{}, "", fmt.Errorf("build the scenario selection: %w", err)
	}
	return tagexpr.And(sel, not), why, nil
}

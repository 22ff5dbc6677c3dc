// Package selection decides which scenarios a run runs: those its
// topology's tag and its x-saltlab roles select, narrowed by --tags, by
// what the flavour, the masters' key handling, the fleet and the Salt
// release allow, each narrowing said on the run's log; and how they are
// spread over several labs, a feature file at a time.
package selection

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
	"github.com/saltlab/saltlab/internal/scenario/features"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/steps"
)

// Topology selects the scenarios of a topology: those tagged with its
// name (@failover, @hot, ...), and every general scenario (@general) whose
// requirement tags (@needs-api, @mode-failover, ...) the topology's roles
// meet; the user's --tags narrows that further. It is parsed here, before
// any Docker work, so a malformed expression costs nothing.
func Topology(topology, user string, r roles.Roles) (tagexpr.Expr, error) {
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

// OnFlavor narrows sel to what the flavour can serve: on the double, no
// @real-only scenario, so a sim result never stands in for a real-Salt one.
func OnFlavor(sel tagexpr.Expr, flavor string) (tagexpr.Expr, error) {
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

// OnKeys narrows sel to what the masters' key handling allows.
func OnKeys(sel tagexpr.Expr, byHand bool) (tagexpr.Expr, error) {
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

// Selector reads a run's feature files and says, on its log, what a
// narrowing of the selection leaves out.
type Selector struct {
	Paths    []string // the feature files or directories
	Topology string   // the topology whose tag selects scenarios
	Log      io.Writer
	Started  time.Time // when the run started, for the log's times
}

// Select checks the feature files and returns the scenarios sel
// selects, in file order, as the reports name them (report.Row); none is
// a usage error that lists the tags the files carry. A feature file that
// does not parse, or a step no definition matches, is a usage error too:
// the fix is in the file the user named.
func (s Selector) Select(sel tagexpr.Expr) ([]report.Row, error) {
	all, err := features.Check(s.Paths, steps.Phrases())
	if err != nil {
		return nil, usage.Errorf("check features: %w\nfix the feature file named above: Gherkin syntax, and each step one that steps/definitions.go defines", err)
	}
	var rows []report.Row
	tags := map[string]bool{}
	for _, sc := range all {
		if sel.Match(sc.Tags) {
			rows = append(rows, rowOf(sc))
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
			sel.String(), len(all), s.Paths, strings.Join(names, " "), s.Topology, s.Topology)
	}
	return rows, nil
}

// NeedsChaosHelper reports whether one of rows (scenarios Select
// returned) has a step that injects a fault through the chaos helper
// image (steps.NeedsChaosHelper): the run then builds the helper with its
// Salt images, not in the middle of the first scenario that needs it.
func (s Selector) NeedsChaosHelper(rows []report.Row) (bool, error) {
	all, err := features.Check(s.Paths, steps.Phrases())
	if err != nil {
		return false, usage.Errorf("check features: %w", err)
	}
	for _, sc := range all {
		if !slices.Contains(rows, rowOf(sc)) {
			continue
		}
		if slices.ContainsFunc(sc.Steps, steps.NeedsChaosHelper) {
			return true, nil
		}
	}
	return false, nil
}

// rowOf is the scenario as the reports name it.
func rowOf(sc features.Scenario) report.Row {
	return report.Row{File: sc.File, Feature: sc.Feature, Pickle: sc.Name, Name: sc.Row}
}

package selection

import (
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/run/progress"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
)

// NarrowToRelease leaves out the scenarios that do not hold for the Salt
// release the lab runs (onRelease) and names them; zmqMonitor is the
// minions' setting when the run gives it (--set minion.zmq_monitor), else
// nil.
func (s Selector) NarrowToRelease(sel tagexpr.Expr, rows []report.Row, version string, zmqMonitor *bool) (tagexpr.Expr, []report.Row, error) {
	narrowed, why, err := onRelease(sel, version, zmqMonitor)
	if err != nil || why == "" {
		return sel, rows, err
	}
	kept, err := s.leaveOut(rows, narrowed, "every selected scenario is for another Salt release: "+why, "left out: "+why)
	if err != nil {
		return sel, rows, err
	}
	return narrowed, KeptOf(rows, kept), nil
}

// NarrowToFlavor leaves out what the flavour cannot serve and names it.
func (s Selector) NarrowToFlavor(sel tagexpr.Expr, rows []report.Row, flavor string) (tagexpr.Expr, []report.Row, error) {
	narrowed, err := OnFlavor(sel, flavor)
	if err != nil {
		return sel, rows, err
	}
	kept, err := s.leaveOut(rows, narrowed,
		fmt.Sprintf("every selected scenario is tagged %s and needs genuine Salt, which the %s flavour is not", RealOnlyTag, flavor),
		fmt.Sprintf("tagged %s need genuine Salt and do not run on the %s flavour", RealOnlyTag, flavor))
	if err != nil {
		return sel, rows, err
	}
	return narrowed, kept, nil
}

// leaveOut selects what narrowed keeps of the features and names in the
// log the rows it left out ("N scenario(s) <said>: ..."); noneLeft is the
// error when nothing is left.
func (s Selector) leaveOut(rows []report.Row, narrowed tagexpr.Expr, noneLeft, said string) ([]report.Row, error) {
	kept, err := s.Select(narrowed)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", noneLeft, err)
	}
	if out := leftOut(rows, kept); len(out) > 0 {
		progress.New(s.Log, s.Started).Line("%d scenario(s) %s: %s", len(out), said, strings.Join(out, "; "))
	}
	return kept, nil
}

// KeptOf is the rows of a lab that kept (the run's narrowed selection)
// still holds.
func KeptOf(rows, kept []report.Row) []report.Row {
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

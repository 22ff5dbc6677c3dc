package runner

import (
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/run/selection"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/run/suite"
)

// outcome is what the scenarios of every lab left for the reports, which
// are rendered from it and the run folder once the labs are gone.
type outcome struct {
	run         report.Run
	labs        []suite.Lab  // each lab's godog JUnit and the scenarios it ran
	rows        []report.Row // the run's selection, in file order
	ms          *report.Measurements
	interrupted error // the run's cancellation cause, when it cut scenarios short
	status      int   // godog's, the worst of the labs'
	// unrun names the labs of several whose scenarios never ran (a lab
	// that did not come up): the report says so and does not pass.
	unrun error
}

// merge joins the labs' outcomes into the run's (nil when no lab's
// scenarios ran): the first lab's run facts, every lab named with its
// project and bring-up, the duration until the last lab's scenarios
// ended, the worst status, the first interruption.
func merge(outs []*suite.Outcome, rows []report.Row, ms *report.Measurements) *outcome {
	var m *outcome
	for _, o := range outs {
		if o == nil {
			continue
		}
		if m == nil {
			m = &outcome{run: o.Run, ms: ms, interrupted: o.Interrupted, status: o.Status}
		}
		m.labs = append(m.labs, o.Lab)
		m.status = max(m.status, o.Status)
		m.run.Duration = max(m.run.Duration, o.Run.Duration)
		if m.interrupted == nil {
			m.interrupted = o.Interrupted
		}
		if o.Lab.Name != "" {
			m.run.Labs = append(m.run.Labs, report.Lab{Name: o.Lab.Name, Project: o.Run.Project, BringUp: o.Run.BringUp})
		}
	}
	if m != nil {
		m.rows = rows
	}
	return m
}

// unrun says which labs' scenarios never ran while others' did, and why
// (the run's error, err), or nil.
func unrun(plans []selection.Plan, outs []*suite.Outcome, err error) error {
	var names []string
	n := 0
	for i, o := range outs {
		if o == nil {
			names = append(names, plans[i].Name)
			n += len(plans[i].Rows)
		}
	}
	if len(names) == 0 {
		return nil
	}
	return fmt.Errorf("the %d scenario(s) of %s never ran: %w", n, strings.Join(names, ", "), err)
}

// verdict is the run's result from its rendered summary: interrupted, no
// scenario run, a scenario failed, or a check said unknown, else nil; sel
// is the selection's tag expression.
func (o outcome) verdict(sum report.Summary, cfg settings.Config, sel string) error {
	if o.interrupted != nil {
		return fmt.Errorf("run interrupted (%v): scenarios cut short are reported as interrupted", o.interrupted)
	}
	if len(sum.Scenarios) == 0 {
		return fmt.Errorf("no scenario ran: godog selected none with %q in %v", sel, cfg.Features)
	}
	if o.status != 0 || !sum.Passed {
		return scenariosFailed(sum)
	}
	return unknownsFail(sum, cfg.AllowUnknown)
}

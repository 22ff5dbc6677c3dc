package debrief

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/owned"
)

// Run is what the report says of the run besides the drill: its compose
// project, the Docker Engine's version ("" when unknown) and the host.
type Run struct {
	Project, Engine, Host string
}

// WriteReport renders the run folder's report.html (and summary.json)
// from the drill's history, as for a scenario run: the timeline has a
// lane for the learner's commands beside the drill's probes, the
// incident's faults and the solution's steps; under it, the learner's
// lane beside the reference run of the solution (cmp, kept in the run
// folder as comparison.json, so a rerender draws it again). The drill is
// the run's one "scenario", passed when it was solved.
func WriteReport(runDir string, d *spec.Drill, p *state.Progress, db Debrief, run Run, cmp report.Comparison) error {
	b, err := json.MarshalIndent(cmp, "", "  ")
	if err != nil {
		return fmt.Errorf("write the comparison: %w", err)
	}
	if err := owned.WriteFile(filepath.Join(runDir, report.ComparisonFile), append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("write the comparison: %w", err)
	}
	status, msg := report.StatusPassed, ""
	if db.Outcome != "solved" {
		status = report.StatusFailed
		var open []string
		for _, t := range db.Tasks {
			if t.Verdict != state.Met {
				open = append(open, fmt.Sprintf("%s (%s: %s)", t.Title, t.Verdict, t.Why))
			}
		}
		msg = "drill " + db.Outcome + ": " + strings.Join(open, "; ")
	}
	name := ScenarioName(d.Name)
	sum := report.Summary{
		Run: report.Run{ID: p.RunID, Topology: d.Topology, Project: run.Project,
			Flavor: report.Flavor{Name: p.Flavor, Version: p.Release}, Started: p.Started, Duration: db.Elapsed},
		Scenarios: []report.ScenarioResult{{Feature: "drill " + d.Name + ": " + d.Title, Name: name, Status: status,
			Time: fmt.Sprintf("%.1f", db.Elapsed.Seconds()), Message: msg}},
	}
	sum.Run.Host, sum.Run.Engine = run.Host, run.Engine
	_, _, err = report.WriteAll(runDir, sum)
	return err
}

// ScenarioName is the drill's name in the history and the report.
func ScenarioName(drill string) string { return "drill " + drill }

package drill

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/report"

	"github.com/saltlab/saltlab/internal/drill/state"
)

// release asks a minion of the lab which Salt it runs (`salt-call
// --version`), so the debrief and the report name the release, not only
// the flavour.
func (s *Session) release(ctx context.Context) string {
	for _, sv := range s.Progress.Services {
		if !strings.HasPrefix(sv, "salt-minion-") {
			continue
		}
		v, err := client.Client{Ex: execer{s.lab}}.Plain(ctx, sv, client.SaltCall("--version"), 30*time.Second)
		if err == nil && v != "" {
			return strings.TrimPrefix(v, "salt-call ")
		}
	}
	return "unknown release"
}

// writeReport renders the run folder's report.html (and summary.json) from
// the drill's history, as for a scenario run: the timeline has a lane for
// the learner's commands beside the drill's probes, the incident's faults
// and the solution's steps. The drill is the run's one "scenario", passed
// when it was solved.
func (s *Session) writeReport(db Debrief) error {
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
	name := scenarioName(s.Drill.Name)
	sum := report.Summary{
		Run: report.Run{ID: s.Progress.RunID, Topology: s.Drill.Topology, Project: s.state.Project,
			Flavor: report.Flavor{Name: s.Progress.Flavor, Version: s.Progress.Release}, Started: s.Progress.Started, Duration: db.Elapsed},
		Scenarios: []report.ScenarioResult{{Feature: "drill " + s.Drill.Name + ": " + s.Drill.Title, Name: name, Status: status,
			Time: fmt.Sprintf("%.1f", db.Elapsed.Seconds()), Message: msg}},
	}
	sum.Run.Host, _ = os.Hostname()
	if v, err := s.cli.ServerVersion(context.Background()); err == nil {
		sum.Run.Engine = v.Version
	}
	_, _, err := report.WriteAll(s.RunDir, sum)
	return err
}

// scenarioName is the drill's name in the history and the report.
func scenarioName(drill string) string { return "drill " + drill }

package debrief

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/owned"
)

// The debrief's files in the run folder.
const (
	DebriefName     = "debrief.txt"
	DebriefJSONName = "debrief.json"
	JUnitName       = "junit.xml"
	// HTMLName is the run's report.html, the drill's timeline.
	HTMLName = report.HTMLFile
)

// Text is the debrief as the console prints it.
func Text(d *spec.Drill, db Debrief) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n== debrief: %s (%s, Salt %s %s", d.Title, d.Name, db.Flavor, db.Release)
	if db.Flavor == "sim" {
		b.WriteString(", the Salt double: not a real-Salt result")
	}
	fmt.Fprintf(&b, ")\noutcome: %s; score %d of %d; time %v of %v\n", db.Outcome, db.Score, db.MaxScore, db.Elapsed.Round(time.Second), d.TimeLimit.D())
	fmt.Fprintf(&b, "time to detect: %s; time to mitigate: %s\n", durOr(db.Detect, "no command on the faulty service"), durOr(db.Mitigate, "service never restored"))
	for _, t := range db.Tasks {
		at := ""
		if t.MetAt != nil {
			at = fmt.Sprintf(" (met at %v)", t.MetAt.Round(time.Second))
		}
		fmt.Fprintf(&b, "  %-8s %s%s: %s\n", t.Verdict, t.Title, at, t.Why)
	}
	for _, h := range db.Hints {
		fmt.Fprintf(&b, "  hint used (-%d): %s\n", h.Cost, firstLine(h.Text))
	}
	for _, f := range db.Forbidden {
		fmt.Fprintf(&b, "  forbidden (-%d): %s: %s\n", f.Penalty, f.Text, f.Evidence)
	}
	for _, f := range db.ForbidUnknown {
		fmt.Fprintf(&b, "  forbidden? %s: unknown: %s\n", f.Text, f.Why)
	}
	fmt.Fprintf(&b, "while it lasted (%s): %s\n", window(db.Cost), costText(db.Cost))
	fmt.Fprintf(&b, "  %d probe(s) of the drill found a task not met; %d command(s) by the learner\n", db.FailedProbes, len(db.Commands))
	if r := db.Reference; r != nil {
		fmt.Fprintf(&b, "reference: the solution's self-test on Salt %s %s (%s) met every task in %s (report.html draws your lane beside it)\n", r.Flavor, r.Release, r.Date, durOr(r.Solved, "(never)"))
	} else {
		fmt.Fprintf(&b, "reference: none yet (`saltlab drill test %s` makes one)\n", d.Name)
	}
	return b.String()
}

// window says what the cost's window was.
func window(c Cost) string {
	return fmt.Sprintf("the incident's first %v, until %s", c.To.Round(time.Second), c.Until)
}

// costText is the incident's cost in words: jobs lost or returned twice
// (the drill's own probes' apart), and the salt-api requests that failed.
func costText(c Cost) string {
	var parts []string
	switch {
	case !c.JobsKnown:
		parts = append(parts, "Salt jobs unknown (no master's event bus was recorded)")
	default:
		jobs := fmt.Sprintf("%d Salt job(s): %d lost (no return from a minion they targeted), %d returned twice", c.Jobs, c.Lost, c.Twice)
		if c.Unjudged > 0 {
			jobs += fmt.Sprintf(", %d not judged (their master's bus not recorded, or the drill over, within %v after them)", c.Unjudged, jobGrace)
		}
		if c.ProbeJobs > 0 {
			jobs += fmt.Sprintf("; of them the drill's own probes: %d, %d lost, %d twice", c.ProbeJobs, c.ProbeLost, c.ProbeTwice)
		}
		if len(c.Entries) > 0 {
			jobs += " (history entries " + joinInts(c.Entries) + ")"
		}
		parts = append(parts, jobs)
	}
	if c.APIRequests == 0 {
		parts = append(parts, "no salt-api request recorded")
	} else {
		parts = append(parts, fmt.Sprintf("%d of %d salt-api request(s) failed", c.APIFailed, c.APIRequests))
	}
	return strings.Join(parts, "; ")
}

// costProperties are the cost as JUnit properties, for a class's CI.
func costProperties(c Cost) []report.Property {
	jobs := func(n int) string {
		if !c.JobsKnown {
			return "unknown"
		}
		return fmt.Sprint(n)
	}
	return []report.Property{
		{Name: "incident.window", Value: window(c)},
		{Name: "incident.jobs", Value: jobs(c.Jobs)},
		{Name: "incident.jobs_lost", Value: jobs(c.Lost)},
		{Name: "incident.jobs_returned_twice", Value: jobs(c.Twice)},
		{Name: "incident.jobs_not_judged", Value: jobs(c.Unjudged)},
		{Name: "incident.probe_jobs", Value: jobs(c.ProbeJobs)},
		{Name: "incident.probe_jobs_lost", Value: jobs(c.ProbeLost)},
		{Name: "incident.probe_jobs_returned_twice", Value: jobs(c.ProbeTwice)},
		{Name: "incident.api_requests", Value: fmt.Sprint(c.APIRequests)},
		{Name: "incident.api_requests_failed", Value: fmt.Sprint(c.APIFailed)},
		{Name: "incident.failed_probes", Value: fmt.Sprint(c.FailedProbes)},
	}
}

func durOr(d *time.Duration, none string) string {
	if d == nil {
		return none
	}
	return d.Round(time.Second).String()
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// junit is the debrief as JUnit, written by the report's one JUnit writer
// (the schema CI readers accept): one case per task (unknown is an error,
// never a pass) and one per forbidden action taken.
func junit(d *spec.Drill, db Debrief) ([]byte, error) {
	class := "drill." + d.Name
	su := report.Suite{Name: fmt.Sprintf("drill %s (Salt %s %s)", d.Name, db.Flavor, db.Release), Time: fmt.Sprintf("%.1f", db.Elapsed.Seconds()), Properties: costProperties(db.Cost)}
	for _, t := range db.Tasks {
		c := report.Case{Name: t.Title, Classname: class, Time: "0"}
		switch t.Verdict {
		case state.NotMet:
			c.Failure = &report.Problem{Message: "not met", Body: t.Why}
			su.Failures++
		case state.Unknown:
			c.Errors = []report.Problem{{Message: "unknown", Body: t.Why}}
			su.Errors++
		}
		su.Cases = append(su.Cases, c)
	}
	for _, f := range db.Forbidden {
		su.Cases = append(su.Cases, report.Case{Name: "forbidden: " + f.Text, Classname: class, Time: "0", Failure: &report.Problem{Message: "forbidden action", Body: f.Evidence}})
		su.Failures++
	}
	for _, f := range db.ForbidUnknown {
		su.Cases = append(su.Cases, report.Case{Name: "forbidden: " + f.Text, Classname: class, Time: "0", Errors: []report.Problem{{Message: "unknown", Body: f.Why}}})
		su.Errors++
	}
	su.Tests = len(su.Cases)
	all := report.Suites{Name: su.Name, Tests: su.Tests, Failures: su.Failures, Errors: su.Errors, Time: su.Time, Suites: []report.Suite{su}}
	var b bytes.Buffer
	if err := report.WriteJUnit(&b, all); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Write writes the debrief's text, JSON and JUnit to the run folder.
func Write(runDir string, d *spec.Drill, db Debrief) error {
	js, err := json.MarshalIndent(db, "", "  ")
	if err != nil {
		return fmt.Errorf("write debrief: %w", err)
	}
	ju, err := junit(d, db)
	if err != nil {
		return err
	}
	for name, b := range map[string][]byte{DebriefName: []byte(Text(d, db)), DebriefJSONName: append(js, '\n'), JUnitName: ju} {
		if err := owned.WriteFile(filepath.Join(runDir, name), b, 0o644); err != nil {
			return fmt.Errorf("write debrief: %w", err)
		}
	}
	return nil
}

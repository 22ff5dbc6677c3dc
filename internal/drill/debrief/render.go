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
	fmt.Fprintf(&b, "while it lasted: %d probe(s) of the drill found a task not met; %d command(s) by the learner\n", db.FailedProbes, len(db.Commands))
	return b.String()
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
	su := report.Suite{Name: fmt.Sprintf("drill %s (Salt %s %s)", d.Name, db.Flavor, db.Release), Time: fmt.Sprintf("%.1f", db.Elapsed.Seconds())}
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

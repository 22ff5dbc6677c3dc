package drill

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/owned"
)

// The debrief's files in the run folder.
const (
	DebriefName     = "debrief.txt"
	DebriefJSONName = "debrief.json"
	JUnitName       = "junit.xml"
)

// renderText is the debrief as the console prints it.
func renderText(d *spec.Drill, db Debrief) string {
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

type junitSuite struct {
	XMLName  xml.Name    `xml:"testsuite"`
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Error     *junitMessage `xml:"error,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// junit is the debrief as JUnit: one case per task (unknown is an error,
// never a pass) and one per forbidden action taken.
func junit(d *spec.Drill, db Debrief) ([]byte, error) {
	s := junitSuite{Name: fmt.Sprintf("drill %s (Salt %s)", d.Name, db.Flavor), Time: fmt.Sprintf("%.1f", db.Elapsed.Seconds())}
	for _, t := range db.Tasks {
		c := junitCase{Name: t.Title, Classname: "drill." + d.Name}
		switch t.Verdict {
		case NotMet:
			c.Failure = &junitMessage{Message: "not met", Text: t.Why}
			s.Failures++
		case Unknown:
			c.Error = &junitMessage{Message: "unknown", Text: t.Why}
			s.Errors++
		}
		s.Cases = append(s.Cases, c)
	}
	for _, f := range db.Forbidden {
		s.Cases = append(s.Cases, junitCase{Name: "forbidden: " + f.Text, Classname: "drill." + d.Name, Failure: &junitMessage{Message: "forbidden action", Text: f.Evidence}})
		s.Failures++
	}
	s.Tests = len(s.Cases)
	b, err := xml.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("render junit: %w", err)
	}
	return append([]byte(xml.Header), append(b, '\n')...), nil
}

// writeDebrief writes the debrief's text, JSON and JUnit to the run folder.
func writeDebrief(runDir string, d *spec.Drill, db Debrief) error {
	js, err := json.MarshalIndent(db, "", "  ")
	if err != nil {
		return fmt.Errorf("write debrief: %w", err)
	}
	ju, err := junit(d, db)
	if err != nil {
		return err
	}
	for name, b := range map[string][]byte{DebriefName: []byte(renderText(d, db)), DebriefJSONName: append(js, '\n'), JUnitName: ju} {
		if err := owned.WriteFile(filepath.Join(runDir, name), b, 0o644); err != nil {
			return fmt.Errorf("write debrief: %w", err)
		}
	}
	return nil
}

package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Scenario statuses as godog writes them.
const (
	StatusPassed    = "passed"
	StatusFailed    = "failed"
	StatusSkipped   = "skipped"
	StatusUndefined = "undefined"
	StatusPending   = "pending"
	StatusAmbiguous = "ambiguous"
)

// Suites is the JUnit document (godog's shape plus the fields CI consumers
// read: classname, timestamp, hostname, properties, bodies, system-out).
type Suites struct {
	XMLName  xml.Name `xml:"testsuites"`
	Name     string   `xml:"name,attr"`
	Tests    int      `xml:"tests,attr"`
	Skipped  int      `xml:"skipped,attr"`
	Failures int      `xml:"failures,attr"`
	Errors   int      `xml:"errors,attr"`
	Time     string   `xml:"time,attr"`
	Suites   []Suite  `xml:"testsuite"`
}

// Suite is one feature.
type Suite struct {
	Name       string     `xml:"name,attr"`
	Tests      int        `xml:"tests,attr"`
	Skipped    int        `xml:"skipped,attr"`
	Failures   int        `xml:"failures,attr"`
	Errors     int        `xml:"errors,attr"`
	Time       string     `xml:"time,attr"`
	Timestamp  string     `xml:"timestamp,attr,omitempty"`
	Hostname   string     `xml:"hostname,attr,omitempty"`
	Properties []Property `xml:"properties>property,omitempty"`
	Cases      []Case     `xml:"testcase"`
}

// Property is a JUnit key/value.
type Property struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

// Case is one scenario.
type Case struct {
	Name      string    `xml:"name,attr"`
	Classname string    `xml:"classname,attr,omitempty"`
	Status    string    `xml:"status,attr"`
	Time      string    `xml:"time,attr"`
	Failure   *Problem  `xml:"failure,omitempty"`
	Errors    []Problem `xml:"error,omitempty"`
	Skipped   *Skipped  `xml:"skipped,omitempty"`
	SystemOut string    `xml:"system-out,omitempty"`
}

// Problem is a failure or an error.
type Problem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Body    string `xml:",chardata"`
}

// Skipped marks a skipped case.
type Skipped struct {
	Message string `xml:"message,attr,omitempty"`
}

// ReadJUnit parses the JUnit file godog wrote.
func ReadJUnit(path string) (Suites, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Suites{}, fmt.Errorf("read junit: %w", err)
	}
	var s Suites
	if err := xml.Unmarshal(b, &s); err != nil {
		return Suites{}, fmt.Errorf("parse junit %s: %w", path, err)
	}
	return s, nil
}

// Enrich adds what godog leaves out: the run's properties on every suite,
// classname, a failure body, <skipped/> for skipped scenarios (godog counts
// them as neither skipped nor failed) and the measurements as system-out.
func Enrich(s Suites, run Run, ms *Measurements) Suites {
	s.Name = fmt.Sprintf("saltlab %s [%s flavour: %s]", run.Topology, run.Flavor.Name, run.Flavor.Version)
	props := []Property{
		{Name: "saltlab.run", Value: run.ID},
		{Name: "saltlab.topology", Value: run.Topology},
		{Name: "saltlab.project", Value: run.Project},
		{Name: "salt.flavor", Value: run.Flavor.Name},
		{Name: "salt.version", Value: run.Flavor.Version},
		{Name: "salt.flavor.note", Value: run.Flavor.Disclaimer()},
	}
	if run.Flavor.Route != "" {
		props = append(props, Property{Name: "salt.route", Value: run.Flavor.Route})
	}
	if run.Flavor.VersionsReport != "" {
		props = append(props, Property{Name: "salt.versions-report", Value: run.Flavor.VersionsReport})
	}
	if run.Flavor.Reason != "" {
		props = append(props, Property{Name: "salt.flavor.reason", Value: run.Flavor.Reason})
	}
	s.Tests, s.Failures, s.Errors, s.Skipped = 0, 0, 0, 0
	for i := range s.Suites {
		su := &s.Suites[i]
		su.Timestamp = run.Started.UTC().Format(time.RFC3339)
		su.Hostname = run.Host
		su.Properties = props
		su.Tests, su.Failures, su.Errors, su.Skipped = len(su.Cases), 0, 0, 0
		for j := range su.Cases {
			c := &su.Cases[j]
			c.Classname = "saltlab." + run.Topology + "." + su.Name
			c.Status = caseStatus(*c)
			if c.Failure != nil && c.Failure.Body == "" {
				c.Failure.Body = c.Failure.Message
			}
			for k := range c.Errors {
				if c.Errors[k].Body == "" {
					c.Errors[k].Body = c.Errors[k].Message
				}
			}
			switch c.Status {
			case StatusFailed:
				su.Failures++
			case StatusUndefined, StatusPending, StatusAmbiguous:
				su.Errors++
			case StatusSkipped:
				if c.Skipped == nil {
					c.Skipped = &Skipped{Message: "scenario skipped"}
				}
				su.Skipped++
			}
			c.SystemOut = systemOut(run, ms.For(c.Name))
		}
		s.Tests += su.Tests
		s.Failures += su.Failures
		s.Errors += su.Errors
		s.Skipped += su.Skipped
	}
	return s
}

// caseStatus derives a scenario's status from what its steps reported.
// godog's own status attribute is not reliable: it is the status of the
// last step result it iterated, in storage order, so a failed scenario can
// come out "passed".
func caseStatus(c Case) string {
	if c.Failure != nil {
		return StatusFailed
	}
	worst := ""
	for _, e := range c.Errors {
		switch e.Type {
		case StatusUndefined, StatusAmbiguous, StatusPending:
			return e.Type
		case StatusSkipped:
			worst = StatusSkipped
		}
	}
	if worst != "" {
		return worst
	}
	if c.Status == "" {
		return StatusSkipped
	}
	return c.Status
}

func systemOut(run Run, ms []Measurement) string {
	var b strings.Builder
	b.WriteString(run.Flavor.Disclaimer() + "\n")
	for _, m := range ms {
		b.WriteString(m.String() + "\n")
	}
	return b.String()
}

// WriteJUnit writes s as indented XML.
func WriteJUnit(w io.Writer, s Suites) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("write junit: %w", err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(s); err != nil {
		return fmt.Errorf("write junit: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}

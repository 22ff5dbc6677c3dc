package report

import (
	"encoding/xml"
	"fmt"
	"io"

	"github.com/saltlab/saltlab/internal/userfile"
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

// Suites is a JUnit document: godog's when read, ours when written. What
// is written keeps to the common Jenkins/Ant schema
// (testdata/junit-10.xsd), which the tests validate against, so that
// every CI reader accepts it: no status attribute on cases and no skipped
// count on <testsuites> (godog writes both; the schema has neither).
type Suites struct {
	XMLName  xml.Name `xml:"testsuites"`
	Name     string   `xml:"name,attr"`
	Tests    int      `xml:"tests,attr"`
	Skipped  int      `xml:"-"`
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

// Case is one scenario. Status is godog's attribute when read from
// godog's file, derived from the children when read from ours, and never
// written.
type Case struct {
	Name      string    `xml:"name,attr"`
	Classname string    `xml:"classname,attr,omitempty"`
	Status    string    `xml:"status,attr,omitempty"`
	Time      string    `xml:"time,attr"`
	Failure   *Problem  `xml:"failure,omitempty"`
	Errors    []Problem `xml:"error,omitempty"`
	Skipped   *Skipped  `xml:"skipped,omitempty"`
	SystemOut CDATA     `xml:"system-out,omitempty"`
}

// CDATA is text written as a CDATA section, so the timeline in
// <system-out> and a failure's body read as plain lines in the file too.
type CDATA string

// MarshalXML writes c as one CDATA section.
func (c CDATA) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	return e.EncodeElement(struct {
		Text string `xml:",cdata"`
	}{string(c)}, start)
}

// Problem is a failure or an error.
type Problem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Body    string `xml:",cdata"`
}

// Skipped marks a skipped case.
type Skipped struct {
	Message string `xml:"message,attr,omitempty"`
}

// ReadJUnit parses a JUnit file (godog's or ours). A case without a status
// attribute (ours) gets the status its children say.
func ReadJUnit(path string) (Suites, error) {
	b, err := userfile.ReadFile(path, userfile.Record)
	if err != nil {
		return Suites{}, fmt.Errorf("read junit: %w", err)
	}
	var s Suites
	if err := xml.Unmarshal(b, &s); err != nil {
		return Suites{}, fmt.Errorf("parse junit %s: %w", path, err)
	}
	for i := range s.Suites {
		for j := range s.Suites[i].Cases {
			c := &s.Suites[i].Cases[j]
			if c.Status == "" && c.Failure == nil && len(c.Errors) == 0 && c.Skipped == nil {
				c.Status = StatusPassed
			} else if c.Status == "" {
				c.Status = caseStatus(*c)
			}
		}
	}
	return s, nil
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
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("write junit: %w", err)
	}
	return nil
}

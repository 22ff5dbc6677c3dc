// Package report turns a run into files for people and CI: report.html (a
// summary table and, per scenario, a timeline drawn from the recorded
// history with the checkers' verdicts), junit.xml (what CI tools read) and
// summary.json (for machines; docs/summary-schema.md). Every file states the
// Salt flavour and version; a result from the Salt double is labelled as
// such and never presented as a real-Salt result.
//
// The pipeline is godog's JUnit -> Summary (Summarize) -> files (WriteAll),
// and every file is a pure function of summary.json plus the evidence saved
// next to it (history.jsonl, verdicts.json, faults.jsonl, logs/), so
// Rerender rebuilds them offline, byte for byte.
package report

import (
	"fmt"
	"sort"
	"sync"
	"time"
)

// Flavor describes which Salt ran the scenarios.
type Flavor struct {
	Name    string `json:"name"`            // "real" or "sim"
	Version string `json:"version"`         // as printed by `salt-call --version`
	Route   string `json:"route,omitempty"` // real: how Salt got into the image (wheelhouse, index, deb, apt)
	Reason  string `json:"reason,omitempty"`
	// VersionsReport is `salt --versions-report` of the first master, so a
	// result names Salt's dependencies too (pyzmq, Python, ...).
	VersionsReport string `json:"versions_report,omitempty"`
}

// Disclaimer is the sentence every report carries about the flavour.
func (f Flavor) Disclaimer() string {
	if f.Name == "real" {
		return "Results from real Salt (" + f.Version + ")."
	}
	return "Results from the Salt double (sim flavour: " + f.Version + "), NOT from real Salt. " +
		"The double reproduces documented Salt behaviour; confirm important findings with SALT=real."
}

// Run is one saltlab run.
type Run struct {
	ID       string        `json:"id"`
	Topology string        `json:"topology"`
	Project  string        `json:"project"`
	Flavor   Flavor        `json:"flavor"`
	Host     string        `json:"host"`
	Started  time.Time     `json:"started"`
	Duration time.Duration `json:"duration_ns"`
	// Engine is the Docker Engine's version, which CI readers compare
	// across runs (a fault can behave differently across engines).
	Engine string `json:"docker_engine,omitempty"`
	// BringUp is how long the lab took from its images being ready to
	// every container healthy. Image builds are left out: the first run
	// of a release builds for minutes, later ones find the image, and a
	// release matrix compares bring-ups, not caches. Zero (omitted) when
	// the run predates the field or never came up.
	BringUp time.Duration `json:"bringup_ns,omitempty"`
	// Labs are the run's labs when it had several (saltlab run
	// --parallel): each with its compose project and bring-up. Project
	// and BringUp above are the first lab's. Empty for a run with one.
	Labs []Lab `json:"labs,omitempty"`
}

// labProject is the compose project of the run's lab name.
func (r Run) labProject(name string) string {
	for _, l := range r.Labs {
		if l.Name == name {
			return l.Project
		}
	}
	return "unknown"
}

// Lab is one lab of a run with several.
type Lab struct {
	Name    string        `json:"name"`
	Project string        `json:"project"`
	BringUp time.Duration `json:"bringup_ns,omitempty"`
}

// Measurement is one timed observation a step made, with the bound it was
// held to and where that bound came from.
type Measurement struct {
	Scenario     string        `json:"scenario"`
	Name         string        `json:"name"`
	Subject      string        `json:"subject"`
	Observed     time.Duration `json:"observed_ns"`
	Bound        time.Duration `json:"bound_ns"`
	BoundExplain string        `json:"bound_explain"`
	Met          bool          `json:"met"`
	// Absence marks an expectation that nothing happens within the bound;
	// Observed is then when it happened anyway, or 0 if it never did.
	Absence bool   `json:"absence,omitempty"`
	Detail  string `json:"detail,omitempty"`
}

// ObservedText renders what was observed, in words where a duration would
// mislead.
func (m Measurement) ObservedText() string {
	switch {
	case m.Absence && m.Observed == 0:
		return "none within " + m.Bound.String()
	case !m.Absence && !m.Met && m.Observed == 0:
		return "never"
	}
	return m.Observed.Round(time.Millisecond).String()
}

// String renders a measurement on one line.
func (m Measurement) String() string {
	verdict := "within"
	if !m.Met {
		verdict = "NOT within"
	}
	s := fmt.Sprintf("%s [%s]: %s, %s bound %s (%s)", m.Name, m.Subject, m.ObservedText(), verdict, m.Bound, m.BoundExplain)
	if m.Detail != "" {
		s += "; " + m.Detail
	}
	return s
}

// Measurements collects measurements from concurrent steps.
type Measurements struct {
	mu    sync.Mutex
	items []Measurement
}

// Add records m.
func (ms *Measurements) Add(m Measurement) {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	ms.items = append(ms.items, m)
}

// For returns the measurements of one scenario, sorted by name then subject.
func (ms *Measurements) For(scenario string) []Measurement {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	var out []Measurement
	for _, m := range ms.items {
		if m.Scenario == scenario {
			out = append(out, m)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Subject < out[j].Subject
	})
	return out
}

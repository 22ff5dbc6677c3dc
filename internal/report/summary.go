package report

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// ScenarioResult is one scenario in summary.json and report.html.
type ScenarioResult struct {
	Feature      string        `json:"feature"`
	Name         string        `json:"name"`
	Status       string        `json:"status"`
	Time         string        `json:"time_s"`
	Message      string        `json:"message,omitempty"`
	Measurements []Measurement `json:"measurements"`
}

// Summary is the machine-readable outcome of a run.
type Summary struct {
	Run       Run              `json:"run"`
	Note      string           `json:"note"`
	Passed    bool             `json:"passed"`
	Error     string           `json:"error,omitempty"`
	Scenarios []ScenarioResult `json:"scenarios"`
}

// Summarize builds a Summary from the enriched JUnit document. runErr is a
// failure outside the scenarios (lab did not come up, cleanup failed, ...).
func Summarize(run Run, s Suites, ms *Measurements, runErr error) Summary {
	sum := Summary{Run: run, Note: run.Flavor.Disclaimer(), Passed: runErr == nil}
	if runErr != nil {
		sum.Error = runErr.Error()
	}
	for _, su := range s.Suites {
		for _, c := range su.Cases {
			r := ScenarioResult{Feature: su.Name, Name: c.Name, Status: c.Status, Time: c.Time, Measurements: ms.For(c.Name)}
			if c.Failure != nil {
				r.Message = c.Failure.Message
			}
			if r.Message == "" && len(c.Errors) > 0 {
				r.Message = c.Errors[0].Message
			}
			if c.Status != StatusPassed {
				sum.Passed = false
			}
			sum.Scenarios = append(sum.Scenarios, r)
		}
	}
	if len(sum.Scenarios) == 0 {
		sum.Passed = false
	}
	return sum
}

// WriteFiles writes junit.xml, summary.json and report.html into dir.
func WriteFiles(dir string, s Suites, sum Summary) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create report dir: %w", err)
	}
	write := func(name string, fn func(io.Writer) error) error {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return fmt.Errorf("create %s: %w", name, err)
		}
		if err := fn(f); err != nil {
			_ = f.Close()
			return err
		}
		return f.Close()
	}
	if err := write("junit.xml", func(w io.Writer) error { return WriteJUnit(w, s) }); err != nil {
		return err
	}
	if err := write("summary.json", func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(sum)
	}); err != nil {
		return err
	}
	return write("report.html", func(w io.Writer) error { return WriteHTML(w, sum) })
}

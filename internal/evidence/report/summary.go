package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/userfile"
)

// SchemaVersion is summary.json's format version (docs/summary-schema.md).
// Readers refuse a version they do not know rather than misread it.
const SchemaVersion = 2

// File names in a run folder.
const (
	SummaryFile  = "summary.json"
	JUnitFile    = "junit.xml"
	HTMLFile     = "report.html"
	VerdictsFile = "verdicts.json"
	LedgerFile   = "faults.jsonl"
	LogsDir      = "logs"
)

// ScenarioResult is one scenario in summary.json, junit.xml and report.html.
type ScenarioResult struct {
	Feature string `json:"feature"`
	Name    string `json:"name"`
	Status  string `json:"status"`
	Time    string `json:"time_s"`
	// Lab is the lab the scenario ran on, in a run with several (saltlab
	// run --parallel); empty in a run with one.
	Lab string `json:"lab,omitempty"`
	// Message is the failure or the first error as godog reported it
	// ("Step <text>: <error>"), or the interruption.
	Message string `json:"message,omitempty"`
	// Step is the text of the step that failed or errored.
	Step string `json:"step,omitempty"`
	// StepsNotRun are the steps godog skipped after Step.
	StepsNotRun  []string      `json:"steps_not_run,omitempty"`
	SkipReason   string        `json:"skip_reason,omitempty"`
	Measurements []Measurement `json:"measurements"`
	// Verdicts are the checkers' judgements (verdicts.json), derived anew
	// on every render.
	Verdicts []Verdict `json:"verdicts,omitempty"`
	// States are the states of each minion's last highstate, and CIDiff
	// the changes of its last state.apply test=True (the CI gate), both
	// read from the history on every render.
	States []StateCase `json:"states,omitempty"`
	CIDiff []StateCase `json:"ci_diff,omitempty"`
}

// Failure says why a scenario counts against its run, as the summary
// counts it (any status but passed, or an invalid verdict), or "".
func (sc ScenarioResult) Failure() string {
	if sc.Status != StatusPassed {
		if msg := strings.TrimSpace(sc.Message + " " + sc.SkipReason); msg != "" {
			return sc.Status + ": " + msg
		}
		return sc.Status
	}
	for _, v := range sc.Verdicts {
		if v.Verdict == checker.Invalid {
			return fmt.Sprintf("passed its steps but %s said invalid: %s", v.Checker, v.Explanation)
		}
	}
	return ""
}

// WallTime reads time_s, which summary.json keeps as a decimal string of
// seconds (as JUnit does).
func (sc ScenarioResult) WallTime() (time.Duration, error) {
	s, err := strconv.ParseFloat(sc.Time, 64)
	if err != nil {
		return 0, fmt.Errorf("parse time_s of scenario %q: %w", sc.Name, err)
	}
	return time.Duration(s * float64(time.Second)), nil
}

// Counts tallies the scenarios by outcome, as CI summaries show them.
type Counts struct {
	Total   int `json:"total"`
	Passed  int `json:"passed"`
	Failed  int `json:"failed"`
	Errors  int `json:"errors"` // undefined, pending, ambiguous, interrupted
	Skipped int `json:"skipped"`
}

// EvidenceFiles names the run folder's evidence, relative to it; empty
// when the run did not record it.
type EvidenceFiles struct {
	History  string   `json:"history,omitempty"`
	Verdicts string   `json:"verdicts,omitempty"`
	Ledger   string   `json:"ledger,omitempty"`
	Logs     []string `json:"logs,omitempty"`
}

// Summary is the machine-readable outcome of a run, and the saved input
// from which every report is rendered again.
type Summary struct {
	SchemaVersion int              `json:"schema_version"`
	Run           Run              `json:"run"`
	Note          string           `json:"note"`
	Passed        bool             `json:"passed"`
	Error         string           `json:"error,omitempty"`
	Counts        Counts           `json:"counts"`
	Evidence      EvidenceFiles    `json:"evidence"`
	Scenarios     []ScenarioResult `json:"scenarios"`
}

// finish derives what depends on the evidence: verdicts, counts, the
// evidence list and whether the run passed. It overwrites, never
// accumulates, so rendering twice gives the same summary.
func (s *Summary) finish(ev Evidence) {
	s.SchemaVersion = SchemaVersion
	s.Note = s.Run.Flavor.Disclaimer()
	s.Evidence = ev.Files()
	s.Counts = Counts{}
	s.Passed = s.Error == "" && len(s.Scenarios) > 0
	for i := range s.Scenarios {
		sc := &s.Scenarios[i]
		sc.Verdicts = ev.VerdictsFor(sc.Name)
		sc.States, sc.CIDiff = stateCases(ev.HistoryFor(sc.Name))
		if sc.Measurements == nil {
			sc.Measurements = []Measurement{}
		}
		s.Counts.Total++
		switch sc.Status {
		case StatusPassed:
			s.Counts.Passed++
		case StatusFailed:
			s.Counts.Failed++
		case StatusSkipped:
			s.Counts.Skipped++
		default:
			s.Counts.Errors++
		}
		if sc.Status != StatusPassed {
			s.Passed = false
		}
		for _, v := range sc.Verdicts {
			if v.Verdict == checker.Invalid {
				s.Passed = false
			}
		}
	}
}

// ReadSummary loads a run's summary.json.
func ReadSummary(path string) (Summary, error) {
	b, err := userfile.ReadFile(path, userfile.Record)
	if err != nil {
		return Summary{}, fmt.Errorf("read summary: %w", err)
	}
	var s Summary
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&s); err != nil {
		return Summary{}, fmt.Errorf("parse summary %s: %w", path, err)
	}
	if s.SchemaVersion != SchemaVersion {
		return Summary{}, fmt.Errorf("parse summary %s: schema_version %d, this saltlab reads %d", path, s.SchemaVersion, SchemaVersion)
	}
	return s, nil
}

func encodeSummary(s Summary) ([]byte, error) {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode summary: %w", err)
	}
	return append(b, '\n'), nil
}

// relIn is name when it exists in dir, else "".
func relIn(dir, name string) string {
	if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
		return ""
	}
	return name
}

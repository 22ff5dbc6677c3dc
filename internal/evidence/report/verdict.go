package report

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/checker"
)

// Verdict is one checker's judgement of one scenario, as the reports show
// it, in the checkers' vocabulary (checker.Valid, Invalid, Unknown:
// tri-state as in Jepsen). The checkers write verdicts.json (checker.File, described in
// docs/summary-schema.md); readVerdicts turns each of its checks into one
// Verdict. Evidence lists the history entries (their Index) the checker
// based its verdict on.
type Verdict struct {
	Scenario    string          `json:"scenario"`
	Checker     string          `json:"checker"`
	Verdict     checker.Verdict `json:"verdict"` // the checkers' own word: valid, invalid or unknown
	Explanation string          `json:"explanation,omitempty"`
	Evidence    []int64         `json:"evidence,omitempty"`
	// Cause, Fix and CauseEvidence are the checker's diagnosis of an
	// invalid verdict (checker.Explain): the setting, its value and node,
	// what to change, and the history entries that recorded the setting.
	Cause         string  `json:"cause,omitempty"`
	Fix           string  `json:"fix,omitempty"`
	CauseEvidence []int64 `json:"cause_evidence,omitempty"`
}

// readVerdicts loads verdicts.json; a missing file is no verdicts. A
// verdict other than valid, invalid or unknown is an error: guessing
// would turn a checker's word into a different one.
func readVerdicts(path string) ([]Verdict, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	f, err := checker.Read(path)
	if err != nil {
		return nil, fmt.Errorf("parse verdicts %s: %w (want the checkers' verdicts.json: {history, verdict, verdicts: [{check, scenario, result}]})", path, err)
	}
	if f.History == "" {
		return nil, fmt.Errorf("parse verdicts %s: no \"history\" field: not the checkers' verdicts.json", path)
	}
	vs := make([]Verdict, 0, len(f.Verdicts))
	for i, j := range f.Verdicts {
		switch v := j.Result.Verdict; v {
		case checker.Valid, checker.Invalid, checker.Unknown:
		default:
			return nil, fmt.Errorf("parse verdicts %s: element %d (%s): verdict %q: want valid, invalid or unknown", path, i, j.Name, v)
		}
		vs = append(vs, Verdict{Scenario: j.Scenario, Checker: j.Name, Verdict: j.Result.Verdict,
			Explanation: explain(j), Evidence: j.Result.Evidence,
			Cause: j.Result.Cause, Fix: j.Result.Fix, CauseEvidence: j.Result.CauseEvidence})
	}
	return vs, nil
}

// explain is a check's result in one paragraph: the step, what was
// expected, what was observed.
func explain(j checker.Judged) string {
	var parts []string
	if j.Step != "" {
		parts = append(parts, "step: "+j.Step)
	}
	if j.Result.Expected != "" {
		parts = append(parts, "expected "+j.Result.Expected)
	}
	if j.Result.Observed != "" {
		parts = append(parts, "observed "+j.Result.Observed)
	}
	return strings.Join(parts, "; ")
}

// Step is the step the check was made at, read back from Explanation,
// where explain put it first: summary.json keeps no separate field for it,
// and readers that match checks across runs (package compare) need it.
func (v Verdict) Step() string {
	rest, ok := strings.CutPrefix(v.Explanation, "step: ")
	if !ok {
		return ""
	}
	for _, next := range []string{"; expected ", "; observed "} {
		if i := strings.Index(rest, next); i >= 0 {
			rest = rest[:i]
		}
	}
	return rest
}

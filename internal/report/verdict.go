package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Checker verdicts, tri-state as in Jepsen: a checker that could not
// decide (it crashed, or the history lacks what it needs) says unknown.
const (
	VerdictValid   = "valid"
	VerdictInvalid = "invalid"
	VerdictUnknown = "unknown"
)

// Verdict is one checker's judgement of one scenario: one element of the
// array in verdicts.json, which the checkers write next to history.jsonl
// (docs/summary-schema.md describes the file). Evidence lists the
// history entries (their Index) the checker based its verdict on.
type Verdict struct {
	Scenario    string  `json:"scenario"`
	Checker     string  `json:"checker"`
	Verdict     string  `json:"verdict"`
	Explanation string  `json:"explanation,omitempty"`
	Evidence    []int64 `json:"evidence,omitempty"`
}

// readVerdicts loads verdicts.json; a missing file is no verdicts. A
// verdict other than valid, invalid or unknown is an error: guessing
// would turn a checker's word into a different one.
func readVerdicts(path string) ([]Verdict, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read verdicts: %w", err)
	}
	var vs []Verdict
	if err := json.Unmarshal(b, &vs); err != nil {
		return nil, fmt.Errorf("parse verdicts %s: %w (want a JSON array of {scenario, checker, verdict, explanation, evidence})", path, err)
	}
	for i, v := range vs {
		switch v.Verdict {
		case VerdictValid, VerdictInvalid, VerdictUnknown:
		default:
			return nil, fmt.Errorf("parse verdicts %s: element %d (%s): verdict %q: want valid, invalid or unknown", path, i, v.Checker, v.Verdict)
		}
	}
	return vs, nil
}

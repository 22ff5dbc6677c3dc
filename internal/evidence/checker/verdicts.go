package checker

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/userfile"
)

// FileName is a run's verdicts, next to its history.
const FileName = "verdicts.json"

// Judged is a check and the verdict it got.
type Judged struct {
	Check
	Result Result `json:"result"`
}

// File is verdicts.json: every check a run made, in order, with its
// parameters and result. `saltlab check` re-runs each against
// history.jsonl and compares.
type File struct {
	History  string   `json:"history"` // the history file judged, relative to the run dir
	Verdict  Verdict  `json:"verdict"` // all verdicts merged
	Verdicts []Judged `json:"verdicts"`
}

// Judgements collects a run's verdicts from concurrent steps.
type Judgements struct {
	mu    sync.Mutex
	items []Judged
}

// Add records one verdict.
func (j *Judgements) Add(c Check, r Result) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.items = append(j.items, Judged{Check: c, Result: r})
}

// All returns the verdicts so far.
func (j *Judgements) All() []Judged {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]Judged(nil), j.items...)
}

// Overall merges every verdict; no verdict at all is unknown, not valid:
// a run that judged nothing proved nothing.
func Overall(js []Judged) Verdict {
	if len(js) == 0 {
		return Unknown
	}
	v := Valid
	for _, x := range js {
		v = Merge(v, x.Result.Verdict)
	}
	return v
}

// Write saves verdicts.json into dir.
func Write(dir, historyFile string, js []Judged) error {
	if js == nil {
		js = []Judged{}
	}
	b, err := json.MarshalIndent(File{History: historyFile, Verdict: Overall(js), Verdicts: js}, "", "  ")
	if err != nil {
		return fmt.Errorf("encode verdicts: %w", err)
	}
	if err := owned.WriteFile(filepath.Join(dir, FileName), append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("write verdicts: %w", err)
	}
	return nil
}

// Read loads a verdicts.json.
func Read(path string) (File, error) {
	b, err := userfile.ReadFile(path, userfile.Record)
	if err != nil {
		return File{}, fmt.Errorf("read verdicts: %w", err)
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return File{}, fmt.Errorf("read verdicts %s: %w", path, err)
	}
	return f, nil
}

// Rechecked is a saved verdict judged again.
type Rechecked struct {
	Judged
	Now Result `json:"now"`
}

// Same says whether the history gave the saved verdict again.
func (r Rechecked) Same() bool {
	return r.Now.Verdict == r.Result.Verdict && r.Now.Observed == r.Result.Observed && r.Now.Cause == r.Result.Cause
}

// Recheck judges every saved check of f again on h.
func Recheck(f File, h []history.Entry) []Rechecked {
	out := make([]Rechecked, 0, len(f.Verdicts))
	for _, j := range f.Verdicts {
		out = append(out, Rechecked{Judged: j, Now: Run(j.Check, h)})
	}
	return out
}

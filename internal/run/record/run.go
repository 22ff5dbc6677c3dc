package record

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/run/console"
)

// Run is the evidence the labs of one run share: one history (each lab
// records through its own view) and one set of verdicts. A run with one
// lab has the same, used by that lab alone.
type Run struct {
	Verdicts *checker.Judgements
	console  *console.Console // keeps console.log in the run folder once it holds a history

	mu     sync.Mutex
	rec    *history.Recorder // created by the first lab that records
	runDir string
}

// NewRun is a run's evidence before any lab records; con is the run's
// console, whose console.log joins the history in the run folder.
func NewRun(con *console.Console) *Run { return &Run{Verdicts: &checker.Judgements{}, console: con} }

// Recorder opens the run's history on first use (its folder exists once
// a lab saved run.json) and returns lab's view of it.
func (r *Run) Recorder(runDir, lab string) (*history.Recorder, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.rec == nil {
		rec, err := history.Create(filepath.Join(runDir, history.FileName))
		if err != nil {
			return nil, err
		}
		r.rec, r.runDir = rec, runDir
		if err := r.console.Attach(runDir); err != nil {
			fmt.Fprintf(r.console, "warning: %v: only the terminal shows this run's console\n", err)
		}
	}
	if lab == "" {
		return r.rec, nil
	}
	return r.rec.ForLab(lab), nil
}

// Finish writes verdicts.json and closes the history, once every lab is
// done and healed (their heals recorded); nothing when no lab recorded.
func (r *Run) Finish() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.rec == nil {
		return nil
	}
	return errors.Join(checker.Write(r.runDir, history.FileName, r.Verdicts.All()), r.rec.Close())
}

// Dir is the run folder the history was opened in; "" when no lab
// recorded.
func (r *Run) Dir() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.runDir
}

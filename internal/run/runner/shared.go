package runner

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/run/console"
)

// runShared is what the labs of one run share: one claim on the run
// folder, one history (each lab records through its own view), one set
// of verdicts and measurements, and the images lock. A run with one lab
// has the same, used by that lab alone.
type runShared struct {
	claim    *runClaim
	images   sync.Mutex
	ms       *report.Measurements
	verdicts *checker.Judgements
	console  *console.Console // keeps console.log in the run folder once it holds a history

	mu     sync.Mutex
	rec    *history.Recorder // created by the first lab that records
	runDir string
}

func newRunShared(claim *runClaim, con *console.Console) *runShared {
	return &runShared{claim: claim, ms: &report.Measurements{}, verdicts: &checker.Judgements{}, console: con}
}

// recorder opens the run's history on first use (its folder exists once
// a lab saved run.json) and returns lab's view of it.
func (sh *runShared) recorder(runDir, lab string) (*history.Recorder, error) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.rec == nil {
		rec, err := history.Create(filepath.Join(runDir, history.FileName))
		if err != nil {
			return nil, err
		}
		sh.rec, sh.runDir = rec, runDir
		if err := sh.console.Attach(runDir); err != nil {
			fmt.Fprintf(sh.console, "warning: %v: only the terminal shows this run's console\n", err)
		}
	}
	if lab == "" {
		return sh.rec, nil
	}
	return sh.rec.ForLab(lab), nil
}

// finish writes verdicts.json and closes the history, once every lab is
// done and healed (their heals recorded); nothing when no lab recorded.
func (sh *runShared) finish() error {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.rec == nil {
		return nil
	}
	return errors.Join(checker.Write(sh.runDir, history.FileName, sh.verdicts.All()), sh.rec.Close())
}

package runner

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"sync"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
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

	mu     sync.Mutex
	rec    *history.Recorder // created by the first lab that records
	runDir string
}

func newRunShared(claim *runClaim) *runShared {
	return &runShared{claim: claim, ms: &report.Measurements{}, verdicts: &checker.Judgements{}}
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

// prefixed writes whole lines to w, each starting with prefix, so the
// progress of labs running at once reads line by line, each named. One
// mutex per w keeps lines of different labs from mixing.
type prefixed struct {
	mu     *sync.Mutex
	w      io.Writer
	prefix []byte
	buf    []byte
}

func (p *prefixed) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf = append(p.buf, b...)
	for {
		i := bytes.IndexByte(p.buf, '\n')
		if i < 0 {
			return len(b), nil
		}
		line := append(append([]byte{}, p.prefix...), p.buf[:i+1]...)
		p.buf = p.buf[i+1:]
		if _, err := p.w.Write(line); err != nil {
			return len(b), err
		}
	}
}

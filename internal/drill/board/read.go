package board

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/textclip"
)

// maxRuns bounds the drills the board shows (a reports folder may hold
// many finished runs; only those in flight count).
const maxRuns = 50

// briefRunes bounds the brief shown.
const briefRunes = 4000

// LabAsker asks a run's lab for its status (ops.Status in the CLI).
type LabAsker func(ctx context.Context, runID string) (LabStatus, error)

// Source reads the drills in flight from the run folders, rereading a
// file only when its size or time changed, and asks their labs at most
// every LabInterval, in the background, while views are asked for.
type Source struct {
	Reports, Drills string
	Lab             LabAsker
	LabInterval     time.Duration
	// Ctx bounds the labs' questions (the board's lifetime).
	Ctx context.Context

	mu     sync.Mutex
	files  map[string]cached
	hists  map[string]*cachedHist
	refs   map[string]cachedRef
	drills map[string]cachedDrill
	labs   map[string]*labSlot
}

type cached struct {
	size int64
	mod  time.Time
	val  any
}

type cachedDrill struct {
	mod   time.Time
	d     *spec.Drill
	brief string
}

type labSlot struct {
	asked  time.Time
	busy   bool
	status *LabStatus
}

// Read is every drill in flight under Reports, newest first, and the
// run folders that could not be read.
func (s *Source) Read() ([]Run, []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.files == nil {
		s.files, s.drills, s.labs, s.hists = map[string]cached{}, map[string]cachedDrill{}, map[string]*labSlot{}, map[string]*cachedHist{}
		s.refs = map[string]cachedRef{}
	}
	entries, err := os.ReadDir(s.Reports)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, []string{fmt.Sprintf("read %s: %v", s.Reports, err)}
	}
	var runs []Run
	var problems []string
	for _, e := range entries {
		if !e.IsDir() || labels.ValidateRunID(e.Name()) != nil {
			continue
		}
		dir := filepath.Join(s.Reports, e.Name())
		r, ok, err := s.readRun(dir)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", e.Name(), err))
		}
		if ok {
			runs = append(runs, r)
		}
	}
	sort.SliceStable(runs, func(i, j int) bool { return runs[i].Progress.Started.After(runs[j].Progress.Started) })
	if len(runs) > maxRuns {
		runs = runs[:maxRuns]
	}
	for i := range runs {
		runs[i].Lab = s.lab(runs[i].Progress.RunID)
	}
	return runs, problems
}

// readRun reads one run folder: ok is false for a folder with no drill
// or a drill that has ended.
func (s *Source) readRun(dir string) (Run, bool, error) {
	pv, fi, err := s.file(filepath.Join(dir, state.ProgressName), func(string) (any, error) { return state.Load(dir) })
	if fi == nil {
		return Run{}, false, nil // no drill in this run
	}
	if err != nil {
		return Run{}, false, err
	}
	p := pv.(*state.Progress)
	if !p.Ended.IsZero() {
		return Run{}, false, nil
	}
	r := Run{Progress: p, Saved: fi.ModTime()}
	if r.Drill, r.Brief, err = s.drill(p.Drill); err != nil {
		return Run{}, false, err
	}
	// A history that cannot be read leaves the drill on the board, with
	// the problem named.
	r.History, err = s.history(filepath.Join(dir, history.FileName))
	r.Request, _ = state.ReadNextFaultRequest(dir)
	var rerr error
	if r.Reference, rerr = s.reference(r.Drill, p); rerr != nil {
		err = errors.Join(err, rerr)
	}
	return r, true, err
}

// file reads path through read unless its size and time are those of
// the last read. fi is nil when path does not exist.
func (s *Source) file(path string, read func(string) (any, error)) (any, os.FileInfo, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		delete(s.files, path)
		return nil, nil, nil
	}
	if c, ok := s.files[path]; ok && c.size == fi.Size() && c.mod.Equal(fi.ModTime()) {
		return c.val, fi, nil
	}
	v, err := read(path)
	if err != nil {
		return nil, fi, err
	}
	s.files[path] = cached{fi.Size(), fi.ModTime(), v}
	return v, fi, nil
}

// drill loads a drill file and its brief, again only when the file changed.
func (s *Source) drill(name string) (*spec.Drill, string, error) {
	fi, err := os.Lstat(filepath.Join(s.Drills, name, spec.FileName))
	if err != nil {
		return nil, "", fmt.Errorf("read drill %s: %w (is --drills the catalogue the drill started from?)", name, err)
	}
	if c, ok := s.drills[name]; ok && c.mod.Equal(fi.ModTime()) {
		return c.d, c.brief, nil
	}
	d, err := spec.Load(s.Drills, name)
	if err != nil {
		return nil, "", err
	}
	b, err := spec.ReadFile(filepath.Join(d.Dir, d.Brief))
	if err != nil {
		return nil, "", err
	}
	brief := textclip.Clip(string(bytes.TrimSpace(b)), briefRunes)
	s.drills[name] = cachedDrill{fi.ModTime(), d, brief}
	return d, brief, nil
}

// history reads on the history file at path (histFile), again only when
// its size or time changed.
func (s *Source) history(path string) (History, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		delete(s.hists, path)
		return History{}, nil
	}
	h := s.hists[path]
	if h == nil {
		h = &cachedHist{}
		s.hists[path] = h
	}
	if h.size != fi.Size() || !h.mod.Equal(fi.ModTime()) {
		if err := h.f.update(path); err != nil {
			return h.f.view(), err
		}
		h.size, h.mod = fi.Size(), fi.ModTime()
	}
	return h.f.view(), nil
}

type cachedHist struct {
	size int64
	mod  time.Time
	f    histFile
}

// lab is the run's latest lab status, and asks again in the background
// when it is older than LabInterval.
func (s *Source) lab(runID string) *LabStatus {
	if s.Lab == nil {
		return nil
	}
	sl := s.labs[runID]
	if sl == nil {
		sl = &labSlot{}
		s.labs[runID] = sl
	}
	if !sl.busy && time.Since(sl.asked) >= s.LabInterval {
		sl.busy, sl.asked = true, time.Now()
		go func() {
			base := s.Ctx
			if base == nil {
				base = context.Background()
			}
			ctx, cancel := context.WithTimeout(base, s.LabInterval)
			defer cancel()
			st, err := s.Lab(ctx, runID)
			st.At = time.Now()
			if err != nil {
				st.Err = err.Error()
			}
			s.mu.Lock()
			defer s.mu.Unlock()
			sl.busy, sl.status = false, &st
		}()
	}
	return sl.status
}

package report

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// Evidence is what a run folder holds besides the reports: the recorded
// history, the checkers' verdicts, the fault ledger, the saved container
// logs and their Salt daemons' log files. Any of them may be missing
// (older runs, runs that stopped early); reports then say so instead of
// failing.
type Evidence struct {
	Dir        string
	History    []history.Entry
	HasHistory bool
	Verdicts   []Verdict
	HasVerdict bool
	// Faults are the fault windows as the history pairs them
	// (history.FaultWindows), the ones the checkers judged by; only a run
	// folder without a history (older runs) takes them from the ledger.
	Faults    []history.FaultWindow
	HasLedger bool
	Logs      []string // relative to Dir, sorted
	// Comparison is the run's lanes beside a reference run's
	// (ComparisonFile), nil when it has none.
	Comparison *Comparison
}

// LoadEvidence reads the evidence of the run folder dir. Missing files
// are fine; malformed ones are errors naming the file.
func LoadEvidence(dir string) (Evidence, error) {
	ev := Evidence{Dir: dir}
	var err error
	hp := filepath.Join(dir, history.FileName)
	if _, serr := os.Stat(hp); serr == nil {
		if ev.History, err = history.Read(hp); err != nil {
			return ev, err
		}
		ev.HasHistory = true
	}
	vp := filepath.Join(dir, VerdictsFile)
	if ev.Verdicts, err = readVerdicts(vp); err != nil {
		return ev, err
	}
	ev.HasVerdict = relIn(dir, VerdictsFile) != ""
	ev.HasLedger = relIn(dir, LedgerFile) != ""
	if ev.HasHistory {
		ev.Faults = history.FaultWindows(ev.History)
	} else if ev.Faults, err = history.LedgerWindows(filepath.Join(dir, LedgerFile)); err != nil {
		return ev, err
	}
	if ev.Logs, err = listLogs(dir); err != nil {
		return ev, err
	}
	if ev.Comparison, err = readComparison(dir); err != nil {
		return ev, err
	}
	return ev, nil
}

// listLogs names the saved logs, sorted: each container's
// (logs/<service>.log) and the files its Salt daemons wrote
// (logs/<service>/salt-<daemon>.log), one folder deep.
func listLogs(dir string) ([]string, error) {
	var logs []string
	top, err := os.ReadDir(filepath.Join(dir, LogsDir))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("list container logs: %w", err)
	}
	for _, e := range top {
		if !e.IsDir() {
			logs = append(logs, LogsDir+"/"+e.Name())
			continue
		}
		sub, err := os.ReadDir(filepath.Join(dir, LogsDir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("list Salt logs of %s: %w", e.Name(), err)
		}
		for _, f := range sub {
			if !f.IsDir() {
				logs = append(logs, LogsDir+"/"+e.Name()+"/"+f.Name())
			}
		}
	}
	sort.Strings(logs)
	return logs, nil
}

// Files names the evidence present, relative to the run folder.
func (ev Evidence) Files() EvidenceFiles {
	f := EvidenceFiles{Logs: ev.Logs}
	if ev.HasHistory {
		f.History = history.FileName
	}
	if ev.HasVerdict {
		f.Verdicts = VerdictsFile
	}
	if ev.HasLedger {
		f.Ledger = LedgerFile
	}
	return f
}

// VerdictsFor returns the verdicts about one scenario, in file order.
func (ev Evidence) VerdictsFor(scenario string) []Verdict {
	return filter(ev.Verdicts, func(v Verdict) bool { return v.Scenario == scenario })
}

// HistoryFor returns the history entries of one scenario.
func (ev Evidence) HistoryFor(scenario string) []history.Entry {
	return filter(ev.History, func(e history.Entry) bool { return e.Scenario == scenario })
}

// FaultsFor returns the fault windows of one scenario.
func (ev Evidence) FaultsFor(scenario string) []history.FaultWindow {
	return filter(ev.Faults, func(w history.FaultWindow) bool { return w.Scenario == scenario })
}

// filter returns the elements of xs that keep holds for, in order.
func filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

// Entry returns the history entry with that index.
func (ev Evidence) Entry(index int64) (history.Entry, bool) {
	// Indices are dense from 0, so the entry is usually at its index.
	if index >= 0 && index < int64(len(ev.History)) && ev.History[index].Index == index {
		return ev.History[index], true
	}
	for _, e := range ev.History {
		if e.Index == index {
			return e, true
		}
	}
	return history.Entry{}, false
}

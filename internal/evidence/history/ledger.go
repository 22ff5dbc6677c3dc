package history

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"time"

	"github.com/saltlab/saltlab/internal/userfile"
)

// The chaos ledger (faults.jsonl in a run folder) is the other recorded
// file of a run: the chaos room appends a line before each fault acts and
// after each undo, and reads it back to heal a killed runner's faults;
// reports read it for runs that recorded no history. Its line format is
// here, with the history's, so both sides read one vocabulary.

// Ledger line events.
const (
	LedgerInject     = "inject"      // the fault is about to act
	LedgerUndone     = "undone"      // its undo ran
	LedgerUndoFailed = "undo-failed" // its undo failed; it stays pending
	LedgerStale      = "stale"       // closed without an undo: its lab is gone
)

// maxLedgerLine bounds one ledger line; entries are a few hundred bytes.
const maxLedgerLine = 1 << 20

// LedgerFault is one fault as the ledger records it.
type LedgerFault struct {
	ID       int       `json:"id"`
	Kind     FaultKind `json:"kind"`
	Target   string    `json:"target"`
	Scenario string    `json:"scenario,omitempty"`
	At       time.Time `json:"at"`
	// Data holds everything the undo needs that cannot be looked up again
	// once the fault acted: container id, pid, chain name, helper name,
	// addresses, original state.
	Data map[string]string `json:"data,omitempty"`
}

// LedgerLine is one line of the ledger file.
type LedgerLine struct {
	Event string `json:"event"` // LedgerInject, LedgerUndone, LedgerUndoFailed or LedgerStale
	// At is when this line's event happened: the inject time on inject
	// lines, the undo attempt's own time on the others, so the ledger says
	// how long each fault lasted. It shadows LedgerFault.At in the JSON.
	At time.Time `json:"at"`
	LedgerFault
	// InjectedAt repeats the fault's inject time on undo lines.
	InjectedAt *time.Time `json:"injected_at,omitempty"`
	Error      string     `json:"error,omitempty"`
}

// ScanLedger calls each for every line of the ledger file at path, in
// order. A missing file has none; a torn last line (a killed runner) is
// dropped.
func ScanLedger(path string, each func(LedgerLine)) error {
	f, err := userfile.Open(path, userfile.Record)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("open ledger: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), maxLedgerLine)
	line := 0
	var badLine error
	for sc.Scan() {
		line++
		if badLine != nil {
			return badLine
		}
		var ev LedgerLine
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			// A SIGKILL can cut the last line short, and the fault it
			// described never acted (the line is synced before acting),
			// so only a bad line followed by more lines is an error.
			badLine = fmt.Errorf("read ledger %s line %d: %w", path, line, err)
			continue
		}
		each(ev)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read ledger %s: %w", path, err)
	}
	return nil
}

// LedgerWindows reads the fault windows of a ledger file, in injection
// order, as a history would have carried them: a run that recorded no
// history (an older run) is drawn from its ledger. A window whose undo
// failed or never ran stays open (zero End).
func LedgerWindows(path string) ([]FaultWindow, error) {
	var out []FaultWindow
	at := map[int]int{}
	err := ScanLedger(path, func(ev LedgerLine) {
		i, seen := at[ev.ID]
		switch {
		case ev.Event == LedgerInject && !seen:
			at[ev.ID] = len(out)
			out = append(out, FaultWindow{FaultID: strconv.Itoa(ev.ID), Kind: ev.Kind, Target: ev.Target, Scenario: ev.Scenario, Start: ev.At})
		case seen && ev.Event == LedgerUndone:
			out[i].End = ev.At
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

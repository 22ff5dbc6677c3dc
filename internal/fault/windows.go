package fault

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// Window is one fault as the ledger file tells it afterwards: when it was
// injected and, if it was, when it was undone. Reports draw these as the
// shaded windows of a timeline.
type Window struct {
	ID       int       `json:"id"`
	Kind     Kind      `json:"kind"`
	Target   string    `json:"target"`
	Scenario string    `json:"scenario,omitempty"`
	Start    time.Time `json:"start"`
	// End is when the undo ran (zero: never undone, or its undo failed).
	End       time.Time `json:"end"`
	UndoError string    `json:"undo_error,omitempty"`
}

// Windows reads every fault of a ledger file, in injection order. A
// missing file has none; a torn last line (a killed runner) is dropped,
// as Open does.
func Windows(path string) ([]Window, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read ledger: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	var (
		out     []Window
		at      = map[int]int{}
		line    int
		badLine error
	)
	for sc.Scan() {
		line++
		if badLine != nil {
			return nil, badLine
		}
		var ev event
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			badLine = fmt.Errorf("read ledger %s line %d: %w", path, line, err)
			continue
		}
		i, seen := at[ev.ID]
		if ev.Event == "inject" && !seen {
			at[ev.ID] = len(out)
			out = append(out, Window{ID: ev.ID, Kind: ev.Kind, Target: ev.Target, Scenario: ev.Scenario, Start: ev.At})
			continue
		}
		if !seen {
			continue
		}
		switch ev.Event {
		case "undone":
			out[i].End, out[i].UndoError = ev.At, ""
		case "undo-failed":
			out[i].UndoError = ev.Error
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read ledger %s: %w", path, err)
	}
	return out, nil
}

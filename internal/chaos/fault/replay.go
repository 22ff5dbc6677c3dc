package fault

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// maxLine bounds one ledger line; entries are a few hundred bytes.
const maxLine = 1 << 20

// Open returns the ledger of path with the faults it still holds pending:
// every injected fault without a later "undone" (or "stale") line. It is how `saltlab
// heal` and the next run pick up the faults of a runner that was killed.
// A missing file is an empty ledger.
func Open(path string) (*Ledger, error) {
	l := NewLedger(path)
	pending := map[int]Entry{}
	var order []int
	err := scanLedger(path, func(ev event) {
		if ev.ID >= l.nextID {
			l.nextID = ev.ID + 1
		}
		switch ev.Event {
		case "inject":
			if _, seen := pending[ev.ID]; !seen {
				order = append(order, ev.ID)
			}
			e := ev.Entry
			e.At = ev.At // the line's "at" is the inject time
			pending[ev.ID] = e
		case "undone", "stale":
			delete(pending, ev.ID)
		}
	})
	if err != nil {
		return nil, err
	}
	for _, id := range order {
		if e, ok := pending[id]; ok {
			l.pending = append(l.pending, e)
		}
	}
	return l, nil
}

// scanLedger calls each for every event of the ledger file at path, in
// order. A missing file has none.
func scanLedger(path string, each func(event)) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("open ledger: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	line := 0
	var badLine error
	for sc.Scan() {
		line++
		if badLine != nil {
			return badLine
		}
		var ev event
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

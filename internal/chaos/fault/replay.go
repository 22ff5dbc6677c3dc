package fault

import "github.com/saltlab/saltlab/internal/evidence/history"

// Open returns the ledger of path with the faults it still holds pending:
// every injected fault without a later "undone" (or "stale") line. It is how `saltlab
// heal` and the next run pick up the faults of a runner that was killed.
// A missing file is an empty ledger.
func Open(path string) (*Ledger, error) {
	l := NewLedger(path)
	if err := l.Reload(); err != nil {
		return nil, err
	}
	return l, nil
}

// Reload reads the ledger's file again: what another process recorded
// in it meanwhile (a drill's reset or reconnect from a second terminal,
// beside the console's own ledger) becomes this one's, so an undo heals
// the faults the file holds, not those this process last saw. A ledger
// kept in memory is left as it is.
func (l *Ledger) Reload() error {
	if l.path == "" {
		return nil
	}
	next := 1
	pending := map[int]Entry{}
	var order []int
	err := history.ScanLedger(l.path, func(ev event) {
		if ev.ID >= next {
			next = ev.ID + 1
		}
		switch ev.Event {
		case history.LedgerInject:
			if _, seen := pending[ev.ID]; !seen {
				order = append(order, ev.ID)
			}
			e := ev.LedgerFault
			e.At = ev.At // the line's "at" is the inject time
			pending[ev.ID] = e
		case history.LedgerUndone, history.LedgerStale:
			delete(pending, ev.ID)
		}
	})
	if err != nil {
		return err
	}
	var out []Entry
	for _, id := range order {
		if e, ok := pending[id]; ok {
			out = append(out, e)
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.pending, l.nextID = out, max(next, l.nextID)
	return nil
}

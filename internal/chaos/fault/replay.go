package fault

import "github.com/saltlab/saltlab/internal/evidence/history"

// Open returns the ledger of path with the faults it still holds pending:
// every injected fault without a later "undone" (or "stale") line. It is how `saltlab
// heal` and the next run pick up the faults of a runner that was killed.
// A missing file is an empty ledger.
func Open(path string) (*Ledger, error) {
	l := NewLedger(path)
	pending := map[int]Entry{}
	var order []int
	err := history.ScanLedger(path, func(ev event) {
		if ev.ID >= l.nextID {
			l.nextID = ev.ID + 1
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
		return nil, err
	}
	for _, id := range order {
		if e, ok := pending[id]; ok {
			l.pending = append(l.pending, e)
		}
	}
	return l, nil
}

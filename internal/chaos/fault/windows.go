package fault

import "time"

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
	var out []Window
	at := map[int]int{}
	err := scanLedger(path, func(ev event) {
		i, seen := at[ev.ID]
		switch {
		case ev.Event == "inject" && !seen:
			at[ev.ID] = len(out)
			out = append(out, Window{ID: ev.ID, Kind: ev.Kind, Target: ev.Target, Scenario: ev.Scenario, Start: ev.At})
		case !seen:
		case ev.Event == "undone":
			out[i].End, out[i].UndoError = ev.At, ""
		case ev.Event == "undo-failed":
			out[i].UndoError = ev.Error
		case ev.Event == "stale":
			out[i].UndoError = "never undone: " + ev.Error
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

package history

import "time"

// FaultWindow is one fault as the history tells it: open from its start
// entry until its end entry (zero End: never healed, or its heal failed).
type FaultWindow struct {
	FaultID  string
	Kind     FaultKind // the ledger's kind: stop, pause, partition, ...
	Target   string
	Program  string // process faults: the program signalled
	Scenario string // the start entry's
	Start    time.Time
	End      time.Time
	// Evidence are the indices of the start entry and, once closed, the
	// end entry.
	Evidence []int64
}

// FaultWindows pairs h's fault entries into windows by fault id, in the
// order they opened. It is the one place fault windows are paired: the
// checkers judge by them and the reports draw them, so both see the same
// faults at the same times. An end closes the id's open window once; an
// end with no open window is ignored.
func FaultWindows(h []Entry) []FaultWindow {
	var out []FaultWindow
	open := map[string]int{}
	for _, e := range h {
		if e.Type != Fault {
			continue
		}
		switch e.Phase {
		case Start:
			open[e.FaultID] = len(out)
			out = append(out, FaultWindow{FaultID: e.FaultID, Kind: e.Kind, Target: e.Target, Program: e.Program, Scenario: e.Scenario,
				Start: e.Time, Evidence: []int64{e.Index}})
		case End:
			if i, ok := open[e.FaultID]; ok {
				out[i].End = e.Time
				out[i].Evidence = append(out[i].Evidence, e.Index)
				delete(open, e.FaultID)
			}
		}
	}
	return out
}

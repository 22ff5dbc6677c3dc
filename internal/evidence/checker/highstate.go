package checker

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/textclip"
)

// changed reports a state that changed something (or would, test=True).
func stateChanged(s history.StateRecord) bool {
	c := strings.TrimSpace(string(s.Changes))
	return c != "" && c != "{}" && c != "null"
}

// errorsText names each error with its file and line where known.
func errorsText(v history.StateApplyValue) string {
	var out []string
	for i, e := range v.Errors {
		first, _, _ := strings.Cut(e, "\n")
		if i < len(v.Where) && v.Where[i] != "" {
			first = "render error in " + v.Where[i] + ": " + first
		}
		out = append(out, first)
	}
	return strings.Join(out, "; ")
}

// HighstateParams are the parameters of the highstate checkers: the
// state.apply operations (test=False) in [From, To) on Minions.
type HighstateParams struct {
	From    int64    `json:"from"`
	To      int64    `json:"to,omitempty"`
	Minions []string `json:"minions"`
	// Quiet: the run must also change nothing (the second highstate).
	Quiet bool `json:"quiet,omitempty"`
	// Test judges the test=True runs instead (the CI diff): result null
	// (would change) passes, false fails.
	Test bool `json:"test,omitempty"`
}

// stateApplies are the applies per minion in s, in order: the test=True
// ones when test, else the others. A run whose value cannot be read
// (a timeout) counts on either side, unparsed.
func stateApplies(h []history.Entry, s span, test bool) map[string][]applied {
	out := map[string][]applied{}
	for _, o := range ops(h, s, history.StateApplyOp) {
		a := applied{op: o}
		if o.Completion != nil && json.Unmarshal(o.Completion.Value, &a.v) == nil {
			a.parsed = len(a.v.States) > 0 || len(a.v.Errors) > 0
		}
		if !a.parsed || a.v.Test == test {
			out[o.Invoke.Target] = append(out[o.Invoke.Target], a)
		}
	}
	return out
}

type applied struct {
	op     history.Op
	v      history.StateApplyValue
	parsed bool
}

// Converged judges that the last highstate of every minion in the span
// ran every state and none failed (Quiet: and none changed anything).
// A failed state is named by id with Salt's comment and changes; a render
// error by Salt's own text, which names the SLS and the line.
func Converged(h []history.Entry, p HighstateParams) Result {
	want := "every state of every minion's highstate to succeed"
	if p.Quiet {
		want = "every minion's highstate to change nothing (idempotent)"
	}
	if p.Test {
		want = "every minion's state.apply test=True to render and fail no state"
	}
	by := stateApplies(h, span{from: p.From, to: p.To}, p.Test)
	var subs []Subject
	for _, m := range p.Minions {
		subs = append(subs, converged(m, by[m], p.Quiet))
	}
	return fold(want, subs)
}

func converged(minion string, runs []applied, quiet bool) Subject {
	s := Subject{Name: minion}
	if len(runs) == 0 {
		s.Verdict, s.Observed = Unknown, "no highstate recorded"
		return s
	}
	last := runs[len(runs)-1]
	s.Evidence = opEvidence(last.op)
	switch {
	case !last.parsed:
		s.Verdict, s.Observed = Unknown, "no state return: "+outcome(last.op)
	case len(last.v.Errors) > 0:
		s.Verdict, s.Observed = Invalid, fmt.Sprintf("served by %s, Salt ran no state: %s", last.v.Master, errorsText(last.v))
	default:
		var bad []string
		for _, st := range last.v.States {
			switch {
			case st.Result != nil && !*st.Result:
				bad = append(bad, fmt.Sprintf("state %s (%s) failed: %s; changes %s", st.ID, st.Key, st.Comment, changesText(st.Changes)))
			case quiet && stateChanged(st):
				bad = append(bad, fmt.Sprintf("state %s (%s) changed again: %s; changes %s", st.ID, st.Key, st.Comment, changesText(st.Changes)))
			}
		}
		if len(bad) > 0 {
			s.Verdict, s.Observed = Invalid, fmt.Sprintf("served by %s: %s", last.v.Master, strings.Join(bad, "; "))
			return s
		}
		s.Verdict, s.Observed = Valid, fmt.Sprintf("served by %s: %d state(s) succeeded", last.v.Master, len(last.v.States))
		if quiet {
			s.Observed += ", none changed"
		}
	}
	return s
}

func changesText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "{}"
	}
	return textclip.Clip(string(raw), maxObserved)
}

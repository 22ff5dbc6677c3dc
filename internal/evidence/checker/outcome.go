package checker

import (
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/textclip"
)

// OutcomeParams are the parameters of Availability and Refusal.
type OutcomeParams struct {
	From int64  `json:"from"`         // first entry of the step
	To   int64  `json:"to,omitempty"` // end of the step (0: the end)
	F    string `json:"f"`
	// Targets must each have at least one judged operation.
	Targets []string `json:"targets"`
	// ErrorContains narrows what a refusal must say (e.g. "401").
	ErrorContains string `json:"error_contains,omitempty"`
}

// Availability judges that every operation F of the span that ran outside
// every fault window succeeded (operations overlapping a fault are not
// judged: a fault may legitimately fail them). An operation that never
// completed is unknown.
func Availability(h []history.Entry, p OutcomeParams) Result {
	ws := faults(h)
	return judgeOps(h, p, fmt.Sprintf("every %s outside fault windows to succeed", p.F), func(o history.Op) (Verdict, string, bool) {
		for _, w := range ws {
			if w.overlaps(o.Invoke.Time, done(o)) {
				return "", "", false
			}
		}
		switch {
		case o.Completion == nil || o.Completion.Type == history.Info:
			return Unknown, "indeterminate: " + outcome(o), true
		case okOp(o):
			return Valid, "ok", true
		}
		return Invalid, outcome(o), true
	})
}

// Refusal judges that every operation F of the span failed (and, with
// ErrorContains, failed saying so): Salt refusing what it must refuse.
func Refusal(h []history.Entry, p OutcomeParams) Result {
	want := fmt.Sprintf("every %s to fail", p.F)
	if p.ErrorContains != "" {
		want += fmt.Sprintf(" with %q", p.ErrorContains)
	}
	return judgeOps(h, p, want, func(o history.Op) (Verdict, string, bool) {
		switch {
		case o.Completion == nil || o.Completion.Type == history.Info:
			return Unknown, "indeterminate: " + outcome(o), true
		case okOp(o):
			return Invalid, "succeeded: " + textclip.Clip(string(o.Completion.Value), maxObserved), true
		case !strings.Contains(o.Completion.Error, p.ErrorContains):
			return Invalid, "failed otherwise: " + o.Completion.Error, true
		}
		return Valid, "refused: " + textclip.Clip(o.Completion.Error, maxObserved), true
	})
}

// judgeOps applies judge to each target's operations in the span.
func judgeOps(h []history.Entry, p OutcomeParams, want string, judge func(history.Op) (Verdict, string, bool)) Result {
	var subs []Subject
	all := ops(h, span{from: p.From, to: p.To}, p.F)
	for _, t := range p.Targets {
		s := Subject{Name: t, Verdict: Valid}
		n := 0
		for _, o := range all {
			if o.Invoke.Target != t {
				continue
			}
			v, what, judged := judge(o)
			if !judged {
				continue
			}
			n++
			s.Evidence = append(s.Evidence, opEvidence(o)...)
			if v.rank() > s.Verdict.rank() || s.Observed == "" {
				s.Verdict, s.Observed = Merge(s.Verdict, v), what
			}
		}
		if n == 0 {
			s.Verdict, s.Observed = Unknown, "no operation to judge"
		}
		subs = append(subs, s)
	}
	return fold(want, subs)
}

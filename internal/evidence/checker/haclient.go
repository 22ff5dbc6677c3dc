package checker

import (
	"fmt"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// EveryRequestParams are the parameters of EveryRequest.
type EveryRequestParams struct {
	From   int64  `json:"from"`         // first entry of the stream
	To     int64  `json:"to,omitempty"` // end of the stream (0: the end)
	F      string `json:"f"`            // "api ha test.ping"
	Target string `json:"target"`       // the stream's subject
}

// EveryRequest judges a stream of requests made through the HA client:
// every one must have succeeded, faults or not. It is unknown when the
// stream recorded nothing, left a request indeterminate, or never ran
// while a fault was open (then it proves nothing about the fault).
func EveryRequest(h []history.Entry, p EveryRequestParams) Result {
	ws := faults(h)
	s := Subject{Name: p.Target, Verdict: Valid}
	n, during, failed := 0, 0, 0
	for _, o := range ops(h, span{from: p.From, to: p.To}, p.F) {
		if o.Invoke.Target != p.Target {
			continue
		}
		n++
		for _, w := range ws {
			if w.overlaps(o.Invoke.Time, done(o)) {
				during++
				break
			}
		}
		switch {
		case o.Completion == nil || o.Completion.Type == history.Info:
			s.Evidence = append(s.Evidence, opEvidence(o)...)
			s.Verdict = Merge(s.Verdict, Unknown)
		case !okOp(o):
			s.Evidence = append(s.Evidence, opEvidence(o)...)
			failed++
			if s.Verdict != Invalid {
				s.Observed = "failed: " + outcome(o)
			}
			s.Verdict = Invalid
		default:
			if len(s.Evidence) < 2 { // the first success, as a sample
				s.Evidence = append(s.Evidence, opEvidence(o)...)
			}
		}
	}
	switch {
	case n == 0:
		s.Verdict, s.Observed = Unknown, "no request was recorded"
	case s.Verdict == Invalid:
		s.Observed = fmt.Sprintf("%d of %d request(s) failed (%d ran during a fault); the first %s", failed, n, during, s.Observed)
	case s.Verdict == Unknown:
		s.Observed = fmt.Sprintf("%d request(s), some never completed", n)
	case during == 0:
		s.Verdict, s.Observed = Unknown, fmt.Sprintf("%d request(s) succeeded, none while a fault was open", n)
	default:
		s.Observed = fmt.Sprintf("all %d request(s) succeeded, %d of them while a fault was open", n, during)
	}
	return fold(fmt.Sprintf("every %s through the HA client to succeed", p.F), []Subject{s})
}

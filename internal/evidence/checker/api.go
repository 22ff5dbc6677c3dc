package checker

import (
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// RecoveryParams are the parameters of Recovery.
type RecoveryParams struct {
	Since  int64            `json:"since"` // the fault
	F      string           `json:"f"`     // "api /run test.ping", "api /login"
	Bounds map[string]Bound `json:"bounds"`
}

// Recovery judges requests through the load balancer after a fault: per
// target, how many failed (or timed out) before the first success and
// how long after the fault that success completed, against the bound.
func Recovery(h []history.Entry, p RecoveryParams) Result {
	since, missing := reference(h, p.Since)
	if missing != nil {
		return *missing
	}
	all := ops(h, span{from: p.Since + 1}, p.F)
	var subs []Subject
	for _, t := range sortedKeys(p.Bounds) {
		b := p.Bounds[t]
		s := Subject{Name: t, Bound: &b, Evidence: []int64{since.Index}}
		failed, last := 0, "no request was recorded"
		for _, o := range all {
			if o.Invoke.Target != t {
				continue
			}
			s.Evidence = append(s.Evidence, opEvidence(o)...)
			if !okOp(o) {
				failed++
				last = outcome(o)
				continue
			}
			s.Took = done(o).Sub(since.Time)
			s.Verdict = Valid
			if s.Took > b.Limit {
				s.Verdict = Invalid
			}
			s.Observed = fmt.Sprintf("recovered after %s; %d request(s) failed before", s.Took.Round(time.Millisecond), failed)
			break
		}
		if s.Verdict == "" {
			s.Verdict, s.Observed = Invalid, fmt.Sprintf("never recovered; %d request(s) failed, the last: %s", failed, last)
			if failed == 0 {
				s.Verdict = Unknown
			}
		}
		subs = append(subs, s)
	}
	return fold(fmt.Sprintf("%s to recover within its bound after entry %d (%s)", p.F, p.Since, describe(since)), subs)
}

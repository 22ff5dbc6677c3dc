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
	since, subs, missing := perTarget(h, p.Since, p.F, p.Bounds, func(s Subject, mine []history.Op, since history.Entry) Subject {
		failed, last := 0, "no request was recorded"
		for _, o := range mine {
			s.Evidence = append(s.Evidence, opEvidence(o)...)
			if !okOp(o) {
				failed++
				last = outcome(o)
				continue
			}
			s.Took = done(o).Sub(since.Time)
			s.Verdict = Valid
			if s.Took > s.Bound.Limit {
				s.Verdict = Invalid
			}
			s.Observed = fmt.Sprintf("recovered after %s; %d request(s) failed before", s.Took.Round(time.Millisecond), failed)
			return s
		}
		s.Verdict, s.Observed = Invalid, fmt.Sprintf("never recovered; %d request(s) failed, the last: %s", failed, last)
		if failed == 0 {
			s.Verdict = Unknown
		}
		return s
	})
	if missing != nil {
		return *missing
	}
	return fold(fmt.Sprintf("%s to recover within its bound after entry %d (%s)", p.F, p.Since, describe(since)), subs)
}

// perTarget judges, for each bounded target in name order, the operations
// named f on it after the fault at entry sinceIdx: judge gets the target's
// subject (its bound, the fault as evidence) and those operations.
func perTarget(h []history.Entry, sinceIdx int64, f string, bounds map[string]Bound, judge func(s Subject, mine []history.Op, since history.Entry) Subject) (history.Entry, []Subject, *Result) {
	since, missing := reference(h, sinceIdx)
	if missing != nil {
		return since, nil, missing
	}
	all := ops(h, span{from: sinceIdx + 1}, f)
	var subs []Subject
	for _, t := range sortedKeys(bounds) {
		b := bounds[t]
		var mine []history.Op
		for _, o := range all {
			if o.Invoke.Target == t {
				mine = append(mine, o)
			}
		}
		subs = append(subs, judge(Subject{Name: t, Bound: &b, Evidence: []int64{since.Index}}, mine, since))
	}
	return since, subs, nil
}

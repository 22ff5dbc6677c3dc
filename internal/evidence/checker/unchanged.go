package checker

import (
	"bytes"
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// UnchangedParams are the parameters of Unchanged.
type UnchangedParams struct {
	Since  int64            `json:"since"` // the fault
	F      string           `json:"f"`     // "read daemon identity"
	Bounds map[string]Bound `json:"bounds"`
}

// Unchanged judges that each target's value (a daemon's process identity)
// read after Since equals the last one read before it, on every read until
// the bound ran out: the daemon did not restart. A failed read means the
// daemon (or its container) is gone.
func Unchanged(h []history.Entry, p UnchangedParams) Result {
	since, missing := reference(h, p.Since)
	if missing != nil {
		return *missing
	}
	all := ops(h, span{}, p.F)
	var subs []Subject
	for _, t := range sortedKeys(p.Bounds) {
		b := p.Bounds[t]
		s := Subject{Name: t, Bound: &b, Evidence: []int64{since.Index}}
		var before *history.Op
		var after []history.Op
		for _, o := range all {
			switch {
			case o.Invoke.Target != t:
			case o.Invoke.Index < p.Since && okOp(o):
				before = &o
			case o.Invoke.Index > p.Since:
				after = append(after, o)
			}
		}
		s = unchanged(s, before, after, since.Time)
		subs = append(subs, s)
	}
	return fold(fmt.Sprintf("every %s after entry %d (%s) to equal the one before, for the whole bound", p.F, p.Since, describe(since)), subs)
}

func unchanged(s Subject, before *history.Op, after []history.Op, t0 time.Time) Subject {
	if before == nil {
		s.Verdict, s.Observed = Unknown, "nothing was read before the fault"
		return s
	}
	s.Evidence = append(s.Evidence, opEvidence(*before)...)
	var lastOK time.Time
	for _, o := range after {
		s.Evidence = append(s.Evidence, opEvidence(o)...)
		took := done(o).Sub(t0).Round(time.Millisecond)
		switch {
		case !okOp(o):
			s.Verdict, s.Observed = Invalid, fmt.Sprintf("gone after %s: %s", took, outcome(o))
			return s
		case !bytes.Equal(o.Completion.Value, before.Completion.Value):
			s.Verdict, s.Observed = Invalid, fmt.Sprintf("changed after %s: %s, before %s", took, o.Completion.Value, before.Completion.Value)
			return s
		}
		lastOK = done(o)
	}
	if lastOK.Sub(t0) < s.Bound.Limit {
		s.Verdict, s.Observed = Unknown, fmt.Sprintf("unchanged, but read only until %s of the %s bound", lastOK.Sub(t0).Round(time.Millisecond), s.Bound.Limit)
		return s
	}
	s.Verdict, s.Observed = Valid, fmt.Sprintf("unchanged in %d read(s) over the whole bound", len(after))
	return s
}

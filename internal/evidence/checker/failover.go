package checker

import (
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/textclip"
)

// FailoverParams are the parameters of FailoverTime.
type FailoverParams struct {
	// Since is the entry the bound is measured from: the fault's start, or
	// a heal's end, recorded from the ledger.
	Since int64 `json:"since"`
	// F names the operations ("salt-call test.ping"); each targets one minion.
	F string `json:"f"`
	// Fun is the Salt function as return events name it ("test.ping").
	Fun string `json:"fun"`
	// Master must serve every minion's operation.
	Master string `json:"master"`
	// Bounds are per minion, from each minion's own configuration.
	Bounds map[string]Bound `json:"bounds"`
	// Absent inverts the expectation: Master serves no minion within the
	// bound (Salt behaviour where daemons do NOT fail over).
	Absent bool `json:"absent,omitempty"`
	// PerCall measures each minion's bound from its first operation when
	// that comes after Since: a salt-call walks the master list afresh on
	// every call (salt/minion.py eval_master in SMinion), so its bound is
	// the cost of one call, whenever the step got to issue it.
	PerCall bool `json:"per_call,omitempty"`
}

// FailoverTime judges, per minion, how long after Since the first
// operation served by Master (per the masters' own return events)
// completed, against the minion's bound.
func FailoverTime(h []history.Entry, p FailoverParams) Result {
	since, missing := reference(h, p.Since)
	if missing != nil {
		return *missing
	}
	var subs []Subject
	for _, m := range sortedKeys(p.Bounds) {
		b := p.Bounds[m]
		var mine []history.Op
		for _, o := range ops(h, span{from: p.Since + 1}, p.F) {
			if o.Invoke.Target == m {
				mine = append(mine, o)
			}
		}
		s := Subject{Name: m, Bound: &b, Evidence: []int64{since.Index}}
		if p.Absent {
			s = neverServed(h, mine, s, p, since.Time.Add(b.Limit))
		} else {
			t0 := since.Time
			if p.PerCall && len(mine) > 0 && mine[0].Invoke.Time.After(t0) {
				t0 = mine[0].Invoke.Time
				s.Evidence = append(s.Evidence, mine[0].Invoke.Index)
			}
			s = firstServed(h, mine, s, p, t0)
		}
		subs = append(subs, s)
	}
	want := fmt.Sprintf("%s to serve every minion's %s within its bound, measured from entry %d (%s)", p.Master, p.F, p.Since, describe(since))
	if p.Absent {
		want = fmt.Sprintf("%s to serve no minion's %s for the whole bound, measured from entry %d (%s)", p.Master, p.F, p.Since, describe(since))
	}
	return fold(want, subs)
}

func firstServed(h []history.Entry, mine []history.Op, s Subject, p FailoverParams, t0 time.Time) Subject {
	if len(mine) == 0 {
		// No attempt proves nothing either way: neither that Master
		// serves the minion nor that it does not.
		s.Verdict, s.Observed = Unknown, fmt.Sprintf("no %s on %s was recorded after the reference entry", p.F, s.Name)
		return s
	}
	last, unresolved := "", false
	for _, o := range mine {
		s.Evidence = append(s.Evidence, opEvidence(o)...)
		if !okOp(o) {
			last = outcome(o)
			continue
		}
		by, found := servedBy(h, o, s.Name, p.Fun)
		if !found {
			unresolved = unresolved || !watched(h, p.Master, o.Invoke.Time, done(o))
			last = "answered, but no master's bus carried its return"
			continue
		}
		if ev, ok := by[p.Master]; ok {
			s.Evidence = append(s.Evidence, ev...)
			s.Took = done(o).Sub(t0)
			if s.Took <= s.Bound.Limit {
				s.Verdict, s.Observed = Valid, fmt.Sprintf("served by %s after %s", p.Master, s.Took.Round(time.Millisecond))
			} else {
				s.Verdict, s.Observed = Invalid, fmt.Sprintf("served by %s only after %s", p.Master, s.Took.Round(time.Millisecond))
			}
			return s
		}
		for m, ev := range by {
			s.Evidence = append(s.Evidence, ev...)
			last = "answered, but served by " + m
		}
	}
	s.Verdict, s.Observed = Invalid, fmt.Sprintf("never served by %s in %d attempt(s); last: %s", p.Master, len(mine), last)
	if unresolved {
		s.Verdict = Unknown
		s.Observed += fmt.Sprintf("; %s's event stream was not recorded then, so which master served is unknown", p.Master)
	}
	return s
}

func neverServed(h []history.Entry, mine []history.Op, s Subject, p FailoverParams, end time.Time) Subject {
	n, blind := 0, false
	for _, o := range mine {
		if o.Invoke.Time.After(end) {
			break
		}
		n++
		s.Evidence = append(s.Evidence, opEvidence(o)...)
		if !okOp(o) {
			continue
		}
		if ev, ok := mustServed(h, o, s.Name, p); ok {
			s.Evidence = append(s.Evidence, ev...)
			s.Took = done(o).Sub(end.Add(-s.Bound.Limit))
			s.Verdict, s.Observed = Invalid, fmt.Sprintf("served by %s after %s", p.Master, s.Took.Round(time.Millisecond))
			return s
		}
		blind = blind || !watched(h, p.Master, o.Invoke.Time, done(o))
	}
	if blind {
		s.Verdict, s.Observed = Unknown, fmt.Sprintf("an attempt succeeded while %s's event stream was not recorded, so who served it is unknown", p.Master)
		return s
	}
	if n == 0 {
		s.Verdict, s.Observed = Unknown, "no attempt within the bound was recorded"
		return s
	}
	s.Verdict, s.Observed = Valid, fmt.Sprintf("not served by %s in %d attempt(s) within the bound", p.Master, n)
	return s
}

// mustServed reports the return events on p.Master for an operation.
func mustServed(h []history.Entry, o history.Op, minion string, p FailoverParams) ([]int64, bool) {
	by, _ := servedBy(h, o, minion, p.Fun)
	ev, ok := by[p.Master]
	return ev, ok
}

// outcome describes a completed operation that did not succeed.
func outcome(o history.Op) string {
	if o.Completion == nil {
		return "never completed"
	}
	if o.Completion.Error != "" {
		return fmt.Sprintf("%s: %s", o.Completion.Type, o.Completion.Error)
	}
	return fmt.Sprintf("%s: %s", o.Completion.Type, textclip.Clip(string(o.Completion.Value), maxObserved))
}

// describe names a reference entry for messages.
func describe(e history.Entry) string {
	switch e.Type {
	case history.Fault:
		if e.Phase == history.End {
			return fmt.Sprintf("fault %s %s %s healed", e.FaultID, e.Kind, e.Target)
		}
		return fmt.Sprintf("fault %s %s %s", e.FaultID, e.Kind, e.Target)
	default:
		return fmt.Sprintf("%s %s", e.Type, e.F)
	}
}

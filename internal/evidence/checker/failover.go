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
	// OrBack lets the fault's target serve too, once it is back: a daemon
	// its supervisor starts again (5 s after a crash, as the users'
	// systemd does) takes a salt-call back, as the list's order says.
	OrBack bool `json:"or_back,omitempty"`
	// SignedIn takes a served minion's start event on Master's bus, when
	// it came before the first return, as the time Master reached it: a
	// minion fires salt/minion/<id>/start once it has signed in and
	// connected to the master's publisher (salt/minion.py tune_in, after
	// connect_master), so the return only adds the probe's own latency;
	// real Salt's CLI took 7.6 s to publish on a loaded machine and a job
	// published before the sign-in never reaches the minion. A served job
	// is still required: a sign-in alone proves no publication arrives.
	SignedIn bool `json:"signed_in,omitempty"`
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
			if p.SignedIn {
				s = signInFirst(h, s, p, t0)
			}
		}
		subs = append(subs, s)
	}
	who := p.Master
	if t := faultTarget(h, p.Since); p.OrBack && t != "" {
		who += " (or " + t + ", the fault's target, once back)"
	}
	want := fmt.Sprintf("%s to serve every minion's %s within its bound, measured from entry %d (%s)", who, p.F, p.Since, describe(since))
	if p.Absent {
		want = fmt.Sprintf("%s to serve no minion's %s for the whole bound, measured from entry %d (%s)", p.Master, p.F, p.Since, describe(since))
	}
	return fold(want, subs)
}

// firstServed finds when Master first served the minion: the earliest
// return event of the minion's Fun on Master's bus within one of its
// attempts. The bus, not the attempt's end, is the evidence: on real Salt
// the CLI takes seconds to start and to print, and an attempt cut at the
// bound's end after its job's return reached the master was still a
// master serving the minion in time (the fleet checker reads the bus the
// same way).
func firstServed(h []history.Entry, mine []history.Op, s Subject, p FailoverParams, t0 time.Time) Subject {
	if len(mine) == 0 {
		// No attempt proves nothing either way: neither that Master
		// serves the minion nor that it does not.
		s.Verdict, s.Observed = Unknown, fmt.Sprintf("no %s on %s was recorded after the reference entry", p.F, s.Name)
		return s
	}
	rets := returnsOn(h, p.Master, s.Name, p.Fun, t0)
	last, unresolved, asked := "", false, false
	var first stamp
	var back []int64
	firstBy, target := p.Master, faultTarget(h, p.Since)
	if target == p.Master {
		target = "" // its serving is what is asked, not the fault's end
	}
	for _, o := range mine {
		if (!first.at.IsZero() && o.Invoke.Time.After(first.at)) || back != nil {
			break // no later attempt's return can come earlier
		}
		s.Evidence = append(s.Evidence, opEvidence(o)...)
		if at, idx, ok := rets.servedDuring(o); ok {
			if first.at.IsZero() || at.Before(first.at) {
				first, firstBy = stamp{at: at, idx: idx}, p.Master
			}
			continue
		}
		asked = asked || okOp(o) || rets.askedDuring(o)
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
		if ev, ok := by[target]; ok {
			// The faulted master served it, so the fault was over before
			// the attempt ended (a supervisor restarts a killed daemon, as
			// the users' systemd does 5 s after): this attempt and every
			// later one had that master to go to, and tell nothing of a
			// failover away from it, unless it may serve (OrBack).
			s.Evidence = append(s.Evidence, ev...)
			back = ev
			if e, ok := at(h, ev[0]); ok && p.OrBack && (first.at.IsZero() || e.Time.Before(first.at)) {
				first, firstBy = stamp{at: e.Time, idx: e.Index}, e.Master+", the fault's target, back,"
			}
			continue
		}
		for m, ev := range by {
			s.Evidence = append(s.Evidence, ev...)
			last = "answered, but served by " + m
		}
	}
	if !first.at.IsZero() {
		s.Evidence = append(s.Evidence, first.idx)
		s.Took = first.at.Sub(t0)
		if s.Took <= s.Bound.Limit {
			s.Verdict, s.Observed = Valid, fmt.Sprintf("served by %s after %s", firstBy, s.Took.Round(time.Millisecond))
		} else {
			s.Verdict, s.Observed = Invalid, fmt.Sprintf("served by %s only after %s", firstBy, s.Took.Round(time.Millisecond))
		}
		return s
	}
	if back != nil && last == "" { // no attempt before it failed or went elsewhere
		s.Verdict, s.Observed = Unknown, fmt.Sprintf("not measured: %s, the fault's target, was back and served the first attempt that answered (return entry %d), so no attempt ran while it was down", target, back[0])
		return s
	}
	s.Verdict, s.Observed = Invalid, fmt.Sprintf("never served by %s in %d attempt(s); last: %s", p.Master, len(mine), last)
	if back != nil {
		s.Observed += fmt.Sprintf("; then %s, the fault's target, was back and served one (return entry %d)", target, back[0])
	}
	if !asked && watched(h, p.Master, mine[0].Invoke.Time, done(mine[len(mine)-1])) {
		s.Verdict = Unknown
		s.Observed = fmt.Sprintf("not measured: none of %d attempt(s) got as far as publishing a job to %s on %s (last: %s)", len(mine), s.Name, p.Master, last)
		return s
	}
	if unresolved {
		s.Verdict = Unknown
		s.Observed += fmt.Sprintf("; %s's event stream was not recorded then, so which master served is unknown", p.Master)
	}
	return s
}

// signInFirst moves a served minion's time back to its start event on
// Master's bus when that came after t0 and before the first return
// (FailoverParams.SignedIn).
func signInFirst(h []history.Entry, s Subject, p FailoverParams, t0 time.Time) Subject {
	if s.Took <= 0 || (s.Verdict != Valid && s.Verdict != Invalid) {
		return s
	}
	served := t0.Add(s.Took)
	e, ok := firstStart(h, p.Master, s.Name, p.Since, t0)
	if !ok || !e.Time.Before(served) {
		return s
	}
	s.Evidence = append(s.Evidence, e.Index)
	s.Took, s.Verdict = e.Time.Sub(t0), Valid
	only := ""
	if s.Took > s.Bound.Limit {
		s.Verdict, only = Invalid, "only "
	}
	s.Observed = fmt.Sprintf("signed in to %s %safter %s (its start event, entry %d); served by a job %s published after %s",
		p.Master, only, s.Took.Round(time.Millisecond), e.Index, p.Master, served.Sub(t0).Round(time.Millisecond))
	return s
}

// faultTarget is the target of the fault whose start is entry since, or
// "" when since is no fault's start (a heal's end: its target serving is
// the expected return, not the fault being over).
func faultTarget(h []history.Entry, since int64) string {
	e, missing := reference(h, since)
	if missing != nil || e.Type != history.Fault || e.Phase == history.End {
		return ""
	}
	return e.Target
}

// neverServed holds when no attempt within the bound was served by
// Master: no return event of the minion's Fun on Master's bus during any
// of them, whether or not the attempt itself completed.
func neverServed(h []history.Entry, mine []history.Op, s Subject, p FailoverParams, end time.Time) Subject {
	t0 := end.Add(-s.Bound.Limit)
	rets := returnsOn(h, p.Master, s.Name, p.Fun, t0)
	n, blind := 0, false
	for _, o := range mine {
		if o.Invoke.Time.After(end) {
			break
		}
		n++
		s.Evidence = append(s.Evidence, opEvidence(o)...)
		if at, idx, ok := rets.servedDuring(o); ok {
			s.Evidence = append(s.Evidence, idx)
			s.Took = at.Sub(t0)
			s.Verdict, s.Observed = Invalid, fmt.Sprintf("served by %s after %s", p.Master, s.Took.Round(time.Millisecond))
			return s
		}
		if okOp(o) {
			blind = blind || !watched(h, p.Master, o.Invoke.Time, done(o))
		}
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

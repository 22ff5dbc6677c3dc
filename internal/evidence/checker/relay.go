package checker

import (
	"fmt"
	"slices"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// A syndic republishes a job from the master of masters through its own
// salt-master with the same jid (salt/job/<jid>/new on its bus), and a
// minion's return lands on the syndic master whose Minion object handled
// the job first; the other syndic never sees that return (salt-semantics
// §6.2 steps 2-5, §6.3). The relays' own buses are therefore the
// master-side evidence that a job returned once per minion.

// relayReturns counts, per minion, the return events of jid on the relay
// buses within s.
func relayReturns(h []history.Entry, s span, jid string, relays []string) map[string][]int64 {
	out := map[string][]int64{}
	for _, e := range h {
		if e.Type != history.Event || !s.has(e.Index) || !slices.Contains(relays, e.Master) {
			continue
		}
		if j, m, ok := retTag(e.Tag); ok && j == jid {
			out[m] = append(out[m], e.Index)
		}
	}
	return out
}

// RelayedBy returns, per relay, the index of the first event at or after
// from that shows it republished jid: salt/job/<jid>/new on its own bus,
// or the copy it forwarded up in sync mode, syndic/<id>/salt/job/<jid>/new
// on a master of masters' bus (SyndicManager._process_event, §6.2 step 4;
// the syndic's id is its service name, which compose sets as hostname).
// The forwarded copy counts when the syndic's own stream was not yet live
// after a restart.
func RelayedBy(h []history.Entry, from int64, jid string, relays []string) map[string]int64 {
	out := map[string]int64{}
	for _, e := range h {
		if e.Type != history.Event || e.Index < from {
			continue
		}
		for _, r := range relays {
			if _, seen := out[r]; seen {
				continue
			}
			j, ok := newTag(e.Tag)
			if (e.Master == r && ok && j == jid) || e.Tag == "syndic/"+r+"/salt/job/"+jid+"/new" {
				out[r] = e.Index
			}
		}
	}
	return out
}

// JobOn returns the jid of the first fun job published on master at or
// after from (its salt/job/<jid>/new event), if any.
func JobOn(h []history.Entry, from int64, master, fun string) (string, bool) {
	for _, e := range h {
		if e.Type != history.Event || e.Index < from || e.Master != master {
			continue
		}
		if jid, ok := newTag(e.Tag); ok && eventData(e)["fun"] == fun {
			return jid, true
		}
	}
	return "", false
}

// relaySubject judges one minion's returns through the relays: exactly
// one. None is unknown while some relay's bus was not recorded at the
// publication (a stopped syndic's stream is down: the return may have
// gone there unseen).
func relaySubject(h []history.Entry, rets []int64, relays []string, at time.Time) (verdict Verdict, observed string) {
	n := len(rets)
	observed = fmt.Sprintf("%d return event(s) on the syndic buses", n)
	switch {
	case n == 1:
		return Valid, observed
	case n > 1:
		return Invalid, observed
	}
	for _, r := range relays {
		if !watched(h, r, at, at) {
			return Unknown, observed + fmt.Sprintf(" (%s's bus was not recorded then)", r)
		}
	}
	return Invalid, observed
}

// relaySubjects judges, with all set, that every relay republished jid:
// both syndics active.
func relaySubjects(h []history.Entry, s span, jid string, relays []string, at time.Time) []Subject {
	by := RelayedBy(h, s.from, jid, relays)
	var out []Subject
	for _, r := range relays {
		sub := Subject{Name: "syndic " + r}
		i, ok := by[r]
		switch {
		case ok && s.has(i):
			sub.Verdict, sub.Observed, sub.Evidence = Valid, fmt.Sprintf("republished job %s", jid), []int64{i}
		case watched(h, r, at, at):
			sub.Verdict, sub.Observed = Invalid, fmt.Sprintf("did not republish job %s (its bus was recorded)", jid)
		default:
			sub.Verdict, sub.Observed = Unknown, fmt.Sprintf("no republication of job %s seen, and its bus was not recorded then", jid)
		}
		out = append(out, sub)
	}
	return out
}

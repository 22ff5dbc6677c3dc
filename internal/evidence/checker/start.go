package checker

import (
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// StartParams are the parameters of StartEvent.
type StartParams struct {
	Since  int64            `json:"since"`  // the fault the minions fail over from
	Master string           `json:"master"` // the surviving master
	Bounds map[string]Bound `json:"bounds"` // per minion
}

// StartEvent judges that every minion announced itself on Master after
// Since and within its bound: a minion that signs in to a master fires
// salt/minion/<id>/start there (Minion._fire_master_minion_start, also
// after failing over), so the master's own bus shows the failover.
func StartEvent(h []history.Entry, p StartParams) Result {
	since, missing := reference(h, p.Since)
	if missing != nil {
		return *missing
	}
	var subs []Subject
	for _, m := range sortedKeys(p.Bounds) {
		b := p.Bounds[m]
		s := Subject{Name: m, Bound: &b, Evidence: []int64{since.Index}}
		tag := startTag(m)
		end := since.Time.Add(b.Limit)
		if e, ok := firstStart(h, p.Master, m, p.Since, since.Time); ok {
			s.Evidence = append(s.Evidence, e.Index)
			s.Took = e.Time.Sub(since.Time)
			s.Verdict, s.Observed = Valid, fmt.Sprintf("%s on %s after %s", tag, p.Master, s.Took.Round(time.Millisecond))
			if s.Took > b.Limit {
				s.Verdict = Invalid
				s.Observed = fmt.Sprintf("%s on %s only after %s", tag, p.Master, s.Took.Round(time.Millisecond))
			}
		}
		if s.Verdict == "" {
			s.Verdict, s.Observed = Invalid, fmt.Sprintf("no %s on %s", tag, p.Master)
			if e, ok := lastStart(h, m, p.Since); ok && e.Master == p.Master {
				// Already there before the fault: nothing to fail over
				// from, so the fault proves nothing about its sign-in.
				s.Verdict = Unknown
				s.Evidence = append(s.Evidence, e.Index)
				s.Observed += fmt.Sprintf(" after the fault: its last sign-in before it (entry %d) was already on %s, so it had no failover to announce", e.Index, p.Master)
			} else if !watched(h, p.Master, since.Time, end) {
				s.Verdict = Unknown
				s.Observed += fmt.Sprintf(", but %s's event stream was not recorded for the whole bound", p.Master)
			}
		}
		subs = append(subs, s)
	}
	return fold(fmt.Sprintf("every minion's start event on %s within its bound, measured from entry %d (%s)", p.Master, p.Since, describe(since)), subs)
}

// startTag is the tag a minion fires on a master it signed in to.
func startTag(minion string) string { return "salt/minion/" + minion + "/start" }

// firstStart is minion's first start event on master's bus after entry
// since and not before t0: when it signed in there.
func firstStart(h []history.Entry, master, minion string, since int64, t0 time.Time) (history.Entry, bool) {
	tag := startTag(minion)
	for _, e := range h {
		if e.Type == history.Event && e.Master == master && e.Tag == tag && e.Index > since && !e.Time.Before(t0) {
			return e, true
		}
	}
	return history.Entry{}, false
}

// lastStart is minion's last start event, on any master, before entry
// since: where it had signed in before the fault.
func lastStart(h []history.Entry, minion string, since int64) (history.Entry, bool) {
	tag := startTag(minion)
	var last history.Entry
	found := false
	for _, e := range h {
		if e.Index >= since {
			break
		}
		if e.Type == history.Event && e.Tag == tag {
			last, found = e, true
		}
	}
	return last, found
}

package checker

import (
	"slices"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// busReturns are one minion's returns of one function on one master's
// bus after a reference time, with the jobs that master published then:
// the evidence that the master served the minion, read from the bus
// rather than from the attempt's own end.
type busReturns struct {
	master    string
	rets      []jobStamp
	published map[string]time.Time // jid -> when master published it
	asked     []time.Time          // when master published a job aimed at minion alone
}

// jobStamp is one return event and the job it returns.
type jobStamp struct {
	stamp
	jid string
}

// returnsOn indexes minion's returns of fun on master's bus from t0, and
// the jobs master published from t0.
func returnsOn(h []history.Entry, master, minion, fun string, t0 time.Time) busReturns {
	b := busReturns{master: master, published: map[string]time.Time{}}
	for _, e := range h {
		if e.Type != history.Event || e.Master != master || e.Time.Before(t0) {
			continue
		}
		if jid, ok := newTag(e.Tag); ok {
			b.published[jid] = e.Time
			if eventData(e)["tgt"] == minion {
				b.asked = append(b.asked, e.Time)
			}
			continue
		}
		jid, m, ok := retTag(e.Tag)
		if !ok || m != minion {
			continue
		}
		if d := eventData(e); fun != "" && d["fun"] != fun {
			continue
		}
		b.rets = append(b.rets, jobStamp{stamp: stamp{at: e.Time, idx: e.Index}, jid: jid})
	}
	return b
}

// servedDuring is the first return within attempt o, which must have
// ended (an attempt the history never saw end has no window). An attempt
// run on the master itself (the salt CLI) is credited only with the
// return of a job that master published during it, so neither a
// salt-call's return (jid "req") nor an earlier job's late return counts
// for it; a salt-call's own return has no published job to match.
func (b busReturns) servedDuring(o history.Op) (time.Time, int64, bool) {
	if o.Completion == nil {
		return time.Time{}, 0, false
	}
	from, to := during(o)
	within := func(t time.Time) bool { return !t.Before(from) && !t.After(to) }
	for _, r := range b.rets {
		if !within(r.at) {
			continue
		}
		if o.Invoke.Node == b.master {
			if at, ok := b.published[r.jid]; !ok || !within(at) {
				continue
			}
		}
		return r.at, r.idx, true
	}
	return time.Time{}, 0, false
}

// askedDuring says whether an attempt run on the master itself got as far
// as publishing a job aimed at the minion: only then does its missing
// return say anything about the minion. Real Salt's CLI can take more
// than 7 s to publish on two busy cores, and one ended before that asked
// nothing. An attempt run elsewhere (salt-call) asks by running.
func (b busReturns) askedDuring(o history.Op) bool {
	if o.Invoke.Node != b.master {
		return true
	}
	from, to := during(o)
	return slices.ContainsFunc(b.asked, func(at time.Time) bool { return !at.Before(from) && !at.After(to) })
}

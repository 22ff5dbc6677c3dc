package checker

import (
	"slices"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// JobReturns is one job a master published (its salt/job/<jid>/new
// event) and the returns its bus received from each minion the master
// targeted, counted as ExactlyOnce counts them: what a job lost (no
// return from a targeted minion) or returned twice is read from.
type JobReturns struct {
	JID, Master, Fun string
	Published        time.Time
	New              int64    // the new event's history index
	Minions          []string // the minions the master expected to answer (the event's "minions")
	Returns          map[string]int
	Evidence         map[string][]int64 // each minion's return events
	// Judged says whether the master's bus was recorded from the
	// publication for grace, and the history goes on that long: only
	// then is a missing return lost rather than not seen.
	Judged bool
}

// Lost are the targeted minions from which no return came.
func (j JobReturns) Lost() []string {
	var out []string
	for _, m := range j.Minions {
		if j.Returns[m] == 0 {
			out = append(out, m)
		}
	}
	return out
}

// Twice are the targeted minions that returned more than once.
func (j JobReturns) Twice() []string {
	var out []string
	for _, m := range j.Minions {
		if j.Returns[m] > 1 {
			out = append(out, m)
		}
	}
	return out
}

// followUp is the job the salt CLI publishes on its own to ask minions
// that have not returned whether they still run a job
// (salt/client/__init__.py, gather_job_info): part of waiting for a job,
// not a job of its own.
const followUp = "saltutil.find_job"

// Jobs are the jobs published on any bus from from to to, in order, each
// with the returns its publishing master's bus received afterwards (to
// the history's end). A master of masters and its syndics each publish
// a job under one jid; each publication is judged on its own bus. The
// salt CLI's own find_job follow-ups are not jobs here.
func Jobs(h []history.Entry, from, to time.Time, grace time.Duration) []JobReturns {
	var last time.Time
	for _, e := range h {
		if e.Time.After(last) {
			last = e.Time
		}
	}
	var out []JobReturns
	for _, e := range h {
		if e.Type != history.Event || e.Time.Before(from) || e.Time.After(to) {
			continue
		}
		jid, ok := newTag(e.Tag)
		if !ok || slices.ContainsFunc(out, func(j JobReturns) bool { return j.JID == jid && j.Master == e.Master }) {
			continue
		}
		d := eventData(e)
		fun, _ := d["fun"].(string)
		if fun == followUp {
			continue
		}
		j := JobReturns{JID: jid, Master: e.Master, Fun: fun, Published: e.Time, New: e.Index}
		if ms, ok := d["minions"].([]any); ok {
			for _, m := range ms {
				if id, ok := m.(string); ok {
					j.Minions = append(j.Minions, id)
				}
			}
		}
		rets := countReturns(h, span{from: e.Index}, nil, e.Master, jid)
		j.Returns, j.Evidence = rets.n, rets.ev
		j.Judged = !e.Time.Add(grace).After(last) && watched(h, e.Master, e.Time, e.Time.Add(grace))
		out = append(out, j)
	}
	return out
}

// countReturns counts the returns of job jid on master's bus (a
// cluster's peers' buses as one) within s.
func countReturns(h []history.Entry, s span, c cluster, master, jid string) *returns {
	rets := newReturns(c)
	for _, e := range h {
		if e.Type == history.Event && c.same(e.Master, master) && s.has(e.Index) {
			if j, m, ok := retTag(e.Tag); ok && j == jid {
				rets.add(e, j, m)
			}
		}
	}
	return rets
}

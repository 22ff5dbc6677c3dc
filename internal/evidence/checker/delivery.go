package checker

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// DeliveryParams are the parameters of Delivery.
type DeliveryParams struct {
	From int64 `json:"from"`
	To   int64 `json:"to,omitempty"`
	// F names the master CLI operations ("salt test.ping") whose value is
	// the minions that answered (history.CLIValue); Node is the master.
	F string `json:"f"`
	// Peers, when set, are the peers of a master cluster, one master
	// here: a return on any peer's bus is delivered to the cluster
	// (cluster.go).
	Peers []string `json:"peers,omitempty"`
}

// Delivery judges where returns went: every return event lies on a master
// that published the job (a return on a master that never published it
// went astray), none on a master while a fault stopped, paused or killed
// it, and every answer a master's CLI printed has its return event on that
// master's bus. The Peers of a cluster are one master: a return on any of
// them counts once, and a copy another peer forwarded to a peer that was
// stopped or paused then is no return there.
func Delivery(h []history.Entry, p DeliveryParams) Result {
	s := span{from: p.From, to: p.To}
	c := cluster(p.Peers)
	published := map[string]map[string]bool{} // jid -> masters
	for _, e := range h {
		if jid, ok := newTag(e.Tag); ok && e.Type == history.Event {
			if published[jid] == nil {
				published[jid] = map[string]bool{}
			}
			published[jid][c.of(e.Master)] = true
		}
	}
	ws := faults(h)
	live := func(at time.Time) func(string) bool {
		return func(master string) bool {
			for _, w := range ws {
				if w.silences(master) && w.overlaps(at, at) {
					return false
				}
			}
			return true
		}
	}
	var bad []string
	var ev, judged []int64
	rets, answers := newReturns(c), 0
	for _, e := range h {
		jid, m, ok := retTag(e.Tag)
		if e.Type != history.Event || !ok || !s.has(e.Index) {
			continue
		}
		pubs := published[jid]
		if pubs != nil {
			// Only a return of a job whose publication was recorded can be
			// judged; one of an unknown job proves nothing either way.
			rets.add(e, jid, m)
			judged = append(judged, e.Index)
		}
		if pubs != nil && !pubs[c.of(e.Master)] {
			bad = append(bad, fmt.Sprintf("entry %d: %s's return of job %s reached %s, which never published it", e.Index, m, jid, e.Master))
			ev = append(ev, e.Index)
		}
		if at := live(e.Time); !at(e.Master) && c.forwarded(h, e, at) {
			continue // a live peer received it: this is its forwarded copy, with its stamp
		}
		for _, w := range ws {
			if w.silences(e.Master) && w.overlaps(e.Time, e.Time) {
				bad = append(bad, fmt.Sprintf("entry %d: %s's return of job %s reached %s while it was %s", e.Index, m, jid, e.Master, w.silenced()))
				ev = append(ev, append(w.Evidence, e.Index)...)
			}
		}
	}
	verdict := Valid
	var unknown []string
	for _, o := range ops(h, s, p.F) {
		if !okOp(o) {
			continue
		}
		var v history.CLIValue
		if json.Unmarshal(o.Completion.Value, &v) != nil {
			continue
		}
		for _, m := range sortedKeys(v.Documents) {
			answers++
			if by, _ := servedBy(h, o, m, ""); slices.ContainsFunc(sortedKeys(by), func(b string) bool { return c.same(b, o.Invoke.Node) }) {
				judged = append(judged, opEvidence(o)...)
				continue
			}
			what := fmt.Sprintf("entry %d: %s answered %s's CLI but no return event of it is on %s's bus", o.Completion.Index, m, o.Invoke.Node, c.of(o.Invoke.Node))
			if watched(h, o.Invoke.Node, o.Invoke.Time, done(o)) {
				bad = append(bad, what)
				ev = append(ev, opEvidence(o)...)
			} else {
				unknown = append(unknown, what+" (its stream was not recorded then)")
			}
		}
	}
	want := "every return on a master that published its job, none on a stopped master, every CLI answer on its master's bus"
	obs := fmt.Sprintf("%d return event(s) of a recorded job and %d CLI answer(s) of %s checked%s", rets.total, answers, p.F, c.counted())
	switch {
	case len(bad) > 0:
		verdict = Invalid
	case len(unknown) > 0:
		verdict = Unknown
	case rets.total == 0 && answers == 0:
		verdict, obs = Unknown, fmt.Sprintf("nothing to judge: no return event of a job whose publication was recorded and no CLI answer of %s in the span", p.F)
	default:
		ev = judged // a valid verdict cites what it checked
	}
	if msgs := append(bad, unknown...); len(msgs) > 0 {
		obs += "; " + strings.Join(msgs, "; ")
	}
	return Result{Verdict: verdict, Expected: want, Observed: obs, Evidence: dedup(ev)}
}

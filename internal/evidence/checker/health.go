package checker

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// HonestHealthParams are the parameters of HonestHealth.
type HonestHealthParams struct {
	// From is the first entry whose probes are judged; Docker's status
	// before it still counts (a node healthy since the run began).
	From int64 `json:"from"`
	// F names the operation that proves a node functions (history.AnswersOp).
	F string `json:"f"`
	// Nodes limits the check to these nodes (none: every node probed).
	Nodes []string `json:"nodes,omitempty"`
	// Lag is how long Docker may keep calling a node healthy after it
	// stopped answering: its health check needs a few failed probes.
	Lag Bound `json:"lag"`
}

// healthStatus is what Docker called a node from entry at on.
type healthStatus struct {
	status string
	at     history.Entry
}

// HonestHealth judges that Docker's health status meant function: no
// window longer than Lag in which Docker called a node healthy (its
// health_status, recorded as Health entries) while every probe of the
// node's function (operations F run on it) failed. A health check that
// only sees a process or an open port (a frozen salt-master keeps both)
// keeps calling such a node healthy; this is where that shows.
func HonestHealth(h []history.Entry, p HonestHealthParams) Result {
	if p.F == "" {
		p.F = history.AnswersOp
	}
	want := fmt.Sprintf("Docker to stop calling a node healthy within %s of it no longer answering %s (%s)", p.Lag.Limit, p.F, p.Lag.Explain)
	timelines := healthTimelines(h)
	byNode := map[string][]history.Op{}
	for _, o := range ops(h, span{from: p.From}, p.F) {
		if o.Completion != nil && (len(p.Nodes) == 0 || slices.Contains(p.Nodes, o.Invoke.Node)) {
			byNode[o.Invoke.Node] = append(byNode[o.Invoke.Node], o)
		}
	}
	var subs []Subject
	for _, n := range sortedKeys(byNode) {
		subs = append(subs, judgeHealth(n, byNode[n], timelines[n], p.Lag))
	}
	for _, n := range p.Nodes {
		if len(byNode[n]) == 0 {
			subs = append(subs, Subject{Name: n, Verdict: Unknown, Observed: fmt.Sprintf("no %s probe of %s recorded from entry %d", p.F, n, p.From)})
		}
	}
	r := fold(want, subs)
	if len(subs) == 0 {
		r.Observed = fmt.Sprintf("no %s probe recorded from entry %d", p.F, p.From)
	}
	if r.Verdict == Invalid {
		r.Cause, r.Fix, r.CauseEvidence = healthCause(subs, timelines)
	}
	return r
}

// healthTimelines is every node's Docker status changes, in order.
func healthTimelines(h []history.Entry) map[string][]healthStatus {
	out := map[string][]healthStatus{}
	for _, e := range h {
		if e.Type == history.Health && e.Node != "" {
			out[e.Node] = append(out[e.Node], healthStatus{status: e.Health, at: e})
		}
	}
	return out
}

// statusAt is Docker's status of a node at t (ok false: none recorded yet).
func statusAt(tl []healthStatus, t time.Time) (healthStatus, bool) {
	var cur healthStatus
	ok := false
	for _, s := range tl {
		if s.at.Time.After(t) {
			break
		}
		cur, ok = s, true
	}
	return cur, ok
}

// healthyThroughout says whether Docker called the node healthy from a to
// b without a change in between, and since which entry.
func healthyThroughout(tl []healthStatus, a, b time.Time) (history.Entry, bool) {
	start, ok := statusAt(tl, a)
	if !ok || start.status != history.Healthy {
		return history.Entry{}, false
	}
	for _, s := range tl {
		if s.at.Time.After(a) && !s.at.Time.After(b) && s.status != history.Healthy {
			return history.Entry{}, false
		}
	}
	return start.at, true
}

// judgeHealth walks one node's probes: a stretch of failed probes (no
// answer in between) while Docker called the node healthy throughout,
// lasting longer than lag, is invalid. Only a probe that ran and heard no
// answer (fail) proves the master silent. One that could not run to its
// end (info: an exec the engine did not finish in time, or a script its
// own bound cut short, both seen on a saturated host) proves nothing
// about the master, so a stretch whose failures alone do not outlast the
// lag is unknown, not invalid, however long its probes went unrun (seen
// with 200 real minions on two cores: every probe of a 16 s "silence"
// was an exec that never ran).
func judgeHealth(node string, probes []history.Op, tl []healthStatus, lag Bound) Subject {
	sub := Subject{Name: node, Bound: &lag}
	judged, answered := 0, 0
	var stretch []history.Op
	var worst, proven silence // any stretch; its part from its first to its last failed probe
	for _, o := range probes {
		st, known := statusAt(tl, o.Invoke.Time)
		if !known {
			continue
		}
		if judged == 0 {
			sub.Evidence = append(sub.Evidence, st.at.Index) // Docker's status the judging starts from
		}
		judged++
		if okOp(o) || st.status != history.Healthy {
			if okOp(o) {
				answered++
				if len(sub.Evidence) < 4 { // a few answers show the node was probed
					sub.Evidence = append(sub.Evidence, opEvidence(o)...)
				}
			}
			stretch = nil
			continue
		}
		stretch = append(stretch, o)
		hat, healthy := healthyThroughout(tl, stretch[0].Invoke.Time, done(o))
		if !healthy { // Docker changed its mind inside the stretch: start anew
			stretch = []history.Op{o}
			if hat, healthy = healthyThroughout(tl, o.Invoke.Time, done(o)); !healthy {
				stretch = nil
				continue
			}
		}
		worst.longer(stretch, hat)
		if failOp(o) {
			first := slices.IndexFunc(stretch, failOp)
			proven.longer(stretch[first:], hat)
		}
	}
	if judged == 0 {
		sub.Verdict = Unknown
		sub.Observed = fmt.Sprintf("%d probe(s), but no Docker health status of %s recorded before any: it has no health check, or its status was not recorded", len(probes), node)
		return sub
	}
	sub.Took = proven.took
	switch {
	case proven.took > lag.Limit:
		sub.Verdict = Invalid
		sub.Observed = fmt.Sprintf("Docker called it healthy (entry %d) while %d probe(s) in a row got no answer for %s, from %s to %s (last: %s)",
			proven.hat.Index, len(proven.ops), proven.took.Round(10*time.Millisecond), proven.from(), proven.to(), proven.last())
		sub.Evidence = proven.evidence()
		return sub
	case worst.took > lag.Limit:
		sub.Verdict = Unknown
		sub.Took = worst.took
		heard := "none of them ran to its end, which says nothing of the master"
		if proven.ops != nil {
			heard = fmt.Sprintf("the longest run of them that heard no answer spans %s, and the others did not run to their end, which says nothing of the master", proven.took.Round(10*time.Millisecond))
		}
		sub.Observed = fmt.Sprintf("Docker called it healthy (entry %d) while %d probe(s) in a row got no answer for %s, from %s to %s, but %s (last: %s)",
			worst.hat.Index, len(worst.ops), worst.took.Round(10*time.Millisecond), worst.from(), worst.to(), heard, worst.last())
		sub.Evidence = worst.evidence()
		return sub
	}
	sub.Verdict = Valid
	sub.Observed = fmt.Sprintf("%d probe(s) judged against Docker's status, %d answered; no unanswered stretch while healthy beyond %s (longest %s)",
		judged, answered, lag.Limit, worst.took.Round(10*time.Millisecond))
	if worst.ops != nil {
		sub.Evidence = append(sub.Evidence, opEvidence(worst.ops[len(worst.ops)-1])...)
	}
	sub.Evidence = dedup(sub.Evidence)
	return sub
}

// silence is the longest run of unanswered probes of a node while Docker
// called it healthy (since entry hat).
type silence struct {
	ops  []history.Op
	took time.Duration
	hat  history.Entry
}

// longer keeps ops if they span longer than the silence so far.
func (s *silence) longer(ops []history.Op, hat history.Entry) {
	if took := ops[len(ops)-1].Completion.Time.Sub(ops[0].Invoke.Time); took > s.took {
		s.ops, s.took, s.hat = append([]history.Op(nil), ops...), took, hat
	}
}

func (s silence) from() string { return s.ops[0].Invoke.Time.Format(time.RFC3339Nano) }
func (s silence) to() string {
	return s.ops[len(s.ops)-1].Completion.Time.Format(time.RFC3339Nano)
}
func (s silence) last() string { return strings.TrimSpace(s.ops[len(s.ops)-1].Completion.Error) }

// evidence is the entry where Docker called the node healthy and every
// probe of the silence.
func (s silence) evidence() []int64 {
	ev := []int64{s.hat.Index}
	for _, o := range s.ops {
		ev = append(ev, opEvidence(o)...)
	}
	return ev
}

// healthCause names the health check each invalid node had, as the run
// recorded it (the Value of its first Health entry).
func healthCause(subs []Subject, timelines map[string][]healthStatus) (cause, fix string, ev []int64) {
	var causes []string
	for _, s := range subs {
		if s.Verdict != Invalid {
			continue
		}
		for _, st := range timelines[s.Name] {
			var hc history.HealthCheck
			if len(st.at.Value) == 0 || json.Unmarshal(st.at.Value, &hc) != nil || len(hc.Test) == 0 {
				continue
			}
			causes = append(causes, fmt.Sprintf("the Docker health check of %s (%s; interval %s, retries %d) did not notice that it stopped answering",
				s.Name, strings.Join(hc.Test, " "), hc.Interval, hc.Retries))
			ev = append(ev, st.at.Index)
			break
		}
	}
	if len(causes) == 0 {
		return "", "", nil
	}
	return strings.Join(causes, "; "),
		"make the health check prove the master answers within a bound, as compose/lib/master-answers does (a frozen process keeps its pid and its listening ports), with few enough retries that Docker notices within the lag",
		ev
}

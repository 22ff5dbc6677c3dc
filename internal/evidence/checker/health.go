package checker

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// AnswersOp names the function probe of a master (compose/lib/master-answers,
// run in the master's container): ok when its ret port answered within the
// probe's bound, fail when it did not, info when the probe itself could
// not run to its end.
const AnswersOp = "master-answers"

// HonestHealthParams are the parameters of HonestHealth.
type HonestHealthParams struct {
	// From is the first entry whose probes are judged; Docker's status
	// before it still counts (a node healthy since the run began).
	From int64 `json:"from"`
	// F names the operation that proves a node functions (AnswersOp).
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
		p.F = AnswersOp
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
// lasting longer than lag, is invalid.
func judgeHealth(node string, probes []history.Op, tl []healthStatus, lag Bound) Subject {
	sub := Subject{Name: node, Bound: &lag}
	judged, answered := 0, 0
	var stretch []history.Op
	var worst struct {
		ops  []history.Op
		took time.Duration
		hat  history.Entry
	}
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
		if took := o.Completion.Time.Sub(stretch[0].Invoke.Time); took > worst.took {
			worst.ops, worst.took, worst.hat = append([]history.Op(nil), stretch...), took, hat
		}
	}
	if judged == 0 {
		sub.Verdict = Unknown
		sub.Observed = fmt.Sprintf("%d probe(s), but no Docker health status of %s recorded before any: it has no health check, or its status was not recorded", len(probes), node)
		return sub
	}
	sub.Took = worst.took
	if worst.took > lag.Limit {
		first, last := worst.ops[0], worst.ops[len(worst.ops)-1]
		sub.Verdict = Invalid
		sub.Observed = fmt.Sprintf("Docker called it healthy (entry %d) while %d probe(s) in a row got no answer for %s, from %s to %s (last: %s)",
			worst.hat.Index, len(worst.ops), worst.took.Round(10*time.Millisecond), first.Invoke.Time.Format(time.RFC3339Nano), last.Completion.Time.Format(time.RFC3339Nano), strings.TrimSpace(last.Completion.Error))
		sub.Evidence = []int64{worst.hat.Index}
		for _, o := range worst.ops {
			sub.Evidence = append(sub.Evidence, opEvidence(o)...)
		}
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

package checker

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// NameAvoidance judges a TCP balancer keeping new connections away from a
// dead server.
const NameAvoidance = "balancer-avoidance"

// AvoidanceParams are the parameters of Avoidance.
type AvoidanceParams struct {
	Since int64  `json:"since"` // the fault, or the first entry once it completed (the server dead)
	F     string `json:"f"`     // "balancer probe"
	// MaxFails and FailTimeout are the balancer's own (nginx max_fails,
	// fail_timeout): within fail_timeout of the first connect it sent to
	// the dead server, it may send at most max_fails.
	MaxFails    int           `json:"max_fails"`
	FailTimeout time.Duration `json:"fail_timeout_ns"`
	// Bounds, per probed target ("salt-lb:4506"): how soon after the fault
	// a probe must be served without trying the dead server.
	Bounds map[string]Bound `json:"bounds"`
}

// triedDead says whether the probe tried the dead server's address.
func triedDead(p history.Probe) bool {
	return slices.ContainsFunc(p.Tried, func(a string) bool { return hostOf(a) == p.Dead })
}

func hostOf(addr string) string {
	for i := len(addr) - 1; i >= 0; i-- {
		if addr[i] == ':' {
			return addr[:i]
		}
	}
	return addr
}

// Avoidance judges the probes through the balancer after the fault, per
// target: every probe is served by a live server; within fail_timeout of
// the first probe that tried the dead server at most max_fails probes try
// it; and a probe that does not try it completes within the bound.
func Avoidance(h []history.Entry, p AvoidanceParams) Result {
	since, subs, missing := perTarget(h, p.Since, p.F, p.Bounds, func(s Subject, mine []history.Op, since history.Entry) Subject {
		for _, o := range mine {
			s.Evidence = append(s.Evidence, opEvidence(o)...)
		}
		return avoidance(s, mine, since.Time, p)
	})
	if missing != nil {
		return *missing
	}
	return fold(fmt.Sprintf("the balancer to keep new connections away from the dead server after entry %d (%s): at most max_fails %d within fail_timeout %s, each served by a live server", p.Since, describe(since), p.MaxFails, p.FailTimeout), subs)
}

func avoidance(s Subject, probes []history.Op, t0 time.Time, p AvoidanceParams) Subject {
	if len(probes) == 0 {
		s.Verdict, s.Observed = Unknown, "no probe was recorded"
		return s
	}
	var firstDead time.Time
	tries := 0
	for _, o := range probes {
		var pr history.Probe
		if !okOp(o) || json.Unmarshal(o.Completion.Value, &pr) != nil {
			s.Verdict, s.Observed = Unknown, "a probe saw nothing: "+outcome(o)
			return s
		}
		took := done(o).Sub(t0)
		if pr.Status != 200 {
			s.Verdict, s.Observed = Invalid, fmt.Sprintf("a connection %s after the fault was served by no server (status %d, tried %v)", took.Round(time.Millisecond), pr.Status, pr.Tried)
			return s
		}
		if triedDead(pr) {
			if firstDead.IsZero() {
				firstDead = o.Invoke.Time
			}
			if o.Invoke.Time.Sub(firstDead) < p.FailTimeout {
				tries++
			}
			if tries > p.MaxFails {
				s.Verdict, s.Observed = Invalid, fmt.Sprintf("%d connections went to the dead server %s within fail_timeout %s; max_fails is %d", tries, pr.Dead, p.FailTimeout, p.MaxFails)
				return s
			}
			continue
		}
		s.Took = took
		s.Verdict = Valid
		if took > s.Bound.Limit {
			s.Verdict = Invalid
		}
		s.Observed = fmt.Sprintf("a connection %s after the fault went to %v without trying the dead server %s; %d earlier one(s) tried it", took.Round(time.Millisecond), pr.Tried, pr.Dead, tries)
		return s
	}
	s.Verdict, s.Observed = Invalid, fmt.Sprintf("every one of %d probe(s) tried the dead server", len(probes))
	return s
}

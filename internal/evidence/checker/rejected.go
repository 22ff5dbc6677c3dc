package checker

import (
	"fmt"
	"sort"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/textclip"
)

// exitRejected is how a salt-call refused for a rejected key completes:
// salt.defaults.exitcodes.EX_NOPERM.
const exitRejected = "exit 77"

// RejectedKeyParams are the parameters of RejectedKey.
type RejectedKeyParams struct {
	From   int64  `json:"from"`
	To     int64  `json:"to,omitempty"`
	F      string `json:"f"`   // the salt-call operation, e.g. "salt-call test.ping"
	Fun    string `json:"fun"` // its function, as the return events name it
	Minion string `json:"minion"`
	// Master holds the minion's key as rejected; Masters are all masters,
	// whose recorded key fingerprints decide what a rejection does.
	Master  string   `json:"master"`
	Masters []string `json:"masters"`
}

// RejectedKey judges a minion's salt-call after its key was rejected on
// Master. A sign-in answered "rejected" ends the process with exit 77 (Salt
// does not try the next master: salt/crypt.py handle_signin_response,
// salt-semantics §1.8). But the whole reply is first checked against the
// master key the minion cached last (§3.4): where the masters' keys
// differ (MultiMaster-PKI, or a master with its own pair), a rejection
// from a master whose key is not the cached one does not validate, and
// the list path goes on to the next master. So:
//   - refused with exit 77: valid;
//   - served by Master itself (its bus carried the return): invalid;
//   - served by another master after Master's bus showed the rejection
//     (salt/auth act=reject for the minion): valid only where the masters'
//     keys differ, and then said so; with one shared key pair, invalid;
//   - served by another master that Master never answered with a
//     rejection (the call did not ask it first): valid;
//   - anything else, or no evidence of who served: invalid or unknown.
func RejectedKey(h []history.Entry, p RejectedKeyParams) Result {
	want := fmt.Sprintf("%s on %s to be refused with %s once %s, which holds its key as rejected, answers its sign-in", p.F, p.Minion, exitRejected, p.Master)
	vals, by := masterFingers(h, span{})
	var subs []Subject
	for _, o := range ops(h, span{from: p.From, to: p.To}, p.F) {
		if o.Invoke.Target != p.Minion {
			continue
		}
		subs = append(subs, rejectedCall(h, o, p, vals, by))
	}
	if len(subs) == 0 {
		subs = append(subs, Subject{Name: p.Minion, Verdict: Unknown, Observed: "no " + p.F + " on " + p.Minion + " was recorded"})
	}
	return fold(want, subs)
}

func rejectedCall(h []history.Entry, o history.Op, p RejectedKeyParams, vals map[string]history.FingersValue, by map[string]history.Op) Subject {
	s := Subject{Name: p.Minion, Evidence: opEvidence(o)}
	switch {
	case o.Completion == nil || o.Completion.Type == history.Info:
		s.Verdict, s.Observed = Unknown, "indeterminate: "+outcome(o)
		return s
	case !okOp(o) && strings.HasPrefix(o.Completion.Error, exitRejected):
		s.Verdict, s.Observed = Valid, "refused: "+textclip.Clip(o.Completion.Error, maxObserved)
		return s
	case !okOp(o):
		s.Verdict, s.Observed = Invalid, "failed otherwise: "+textclip.Clip(o.Completion.Error, maxObserved)
		return s
	}
	served := ServedBy(h, o, p.Minion, p.Fun)
	names := sortedKeys(served)
	for _, m := range names {
		s.Evidence = append(s.Evidence, served[m]...)
	}
	if len(served) == 0 {
		s.Verdict, s.Observed = Unknown, "succeeded, but no master's bus carried its return, so which master served is unknown"
		return s
	}
	if _, ok := served[p.Master]; ok {
		s.Verdict, s.Observed = Invalid, fmt.Sprintf("succeeded, served by %s, which holds the key as rejected", p.Master)
		return s
	}
	rejects := rejectEvents(h, o, p.Master, p.Minion)
	s.Evidence = append(s.Evidence, rejects...)
	sort.Slice(s.Evidence, func(i, j int) bool { return s.Evidence[i] < s.Evidence[j] })
	if len(rejects) == 0 {
		s.Verdict, s.Observed = Valid, fmt.Sprintf("served by %s; %s was not asked (no salt/auth reject on its bus)", strings.Join(names, ", "), p.Master)
		return s
	}
	shared, known := oneKeyPair(vals, p.Masters)
	for _, m := range p.Masters {
		s.Evidence = append(s.Evidence, opEvidence(by[m])...)
	}
	switch {
	case !known:
		s.Verdict, s.Observed = Unknown, fmt.Sprintf("%s rejected the sign-in, then %s served it; no key fingerprints of every master were recorded to tell why", p.Master, strings.Join(names, ", "))
	case shared:
		s.Verdict, s.Observed = Invalid, fmt.Sprintf("%s rejected the sign-in, yet the call went on to %s: with one shared master key pair a rejection must end it", p.Master, strings.Join(names, ", "))
	default:
		s.Verdict, s.Observed = Valid, fmt.Sprintf("%s rejected the sign-in, and %s served it: the masters' keys differ, so the rejection was checked against the master key the minion cached last, did not validate and did not end the call", p.Master, strings.Join(names, ", "))
	}
	return s
}

// rejectEvents are the salt/auth events on master's bus during o that
// refused minion (act reject or denied: salt/channel/server.py _auth).
func rejectEvents(h []history.Entry, o history.Op, master, minion string) []int64 {
	a, b := during(o)
	var out []int64
	for _, e := range h {
		if e.Type != history.Event || e.Master != master || e.Tag != "salt/auth" || e.Time.Before(a) || e.Time.After(b) {
			continue
		}
		d := eventData(e)
		if d["id"] == minion && (d["act"] == "reject" || d["act"] == "denied") {
			out = append(out, e.Index)
		}
	}
	return out
}

// oneKeyPair says whether every master presents the same master.pub; known
// is false when some master's fingerprints were never recorded.
func oneKeyPair(vals map[string]history.FingersValue, masters []string) (shared, known bool) {
	if len(masters) == 0 {
		return false, false
	}
	first, _ := ownFinger(vals[masters[0]], masters[0])
	shared = true
	for _, m := range masters {
		v, err := ownFinger(vals[m], m)
		if err != nil {
			return false, false
		}
		if v != first {
			shared = false
		}
	}
	return shared, true
}

package checker

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// SignInParams are the parameters of NoSignIn.
type SignInParams struct {
	From   int64  `json:"from"`
	To     int64  `json:"to,omitempty"`
	Master string `json:"master"`
	// F names key-list operations on Master whose value is history.KeysValue.
	F string `json:"f"`
}

// NoSignIn judges that no minion reached Master's ret port in the span:
// Master fired no salt/auth event (auth_events, on by default, fires one
// for every sign-in request) and its key lists stayed empty.
func NoSignIn(h []history.Entry, p SignInParams) Result {
	s := span{from: p.From, to: p.To}
	want := fmt.Sprintf("no minion to reach %s (no salt/auth event there, no minion key)", p.Master)
	var bad []string
	var ev []int64
	for _, e := range h {
		if e.Type == history.Event && e.Master == p.Master && e.Tag == "salt/auth" && s.has(e.Index) {
			bad = append(bad, fmt.Sprintf("entry %d: salt/auth from %v", e.Index, eventData(e)["id"]))
			ev = append(ev, e.Index)
		}
	}
	lists := 0
	var first, last history.Op
	for _, o := range ops(h, s, p.F) {
		if o.Invoke.Node != p.Master || !okOp(o) {
			continue
		}
		if lists == 0 {
			first = o
		}
		lists, last = lists+1, o
		var v history.KeysValue
		_ = json.Unmarshal(o.Completion.Value, &v)
		for state, ids := range v.Keys {
			if len(ids) > 0 {
				bad = append(bad, fmt.Sprintf("entry %d: %s keys %v", o.Completion.Index, state, ids))
				ev = append(ev, opEvidence(o)...)
			}
		}
	}
	r := Result{Verdict: Valid, Expected: want, Evidence: dedup(ev)}
	switch {
	case len(bad) > 0:
		r.Verdict, r.Observed = Invalid, strings.Join(bad, "; ")
	case lists == 0:
		r.Verdict, r.Observed = Unknown, "no key list of "+p.Master+" was recorded"
	case !watched(h, p.Master, first.Invoke.Time, done(last)):
		r.Verdict, r.Observed = Unknown, fmt.Sprintf("%d empty key list(s), but %s's event stream was not recorded throughout", lists, p.Master)
	default:
		r.Observed = fmt.Sprintf("%d empty key list(s) and no salt/auth event on %s", lists, p.Master)
		r.Evidence = append(opEvidence(first), opEvidence(last)...)
	}
	return r
}

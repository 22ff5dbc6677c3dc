package checker

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/textclip"
)

// SameHighstateParams are the parameters of SameHighstate: the last
// highstate of each minion in Before, held against the last in After.
type SameHighstateParams struct {
	Before  HighstateParams `json:"before"`
	After   HighstateParams `json:"after"`
	Minions []string        `json:"minions"`
}

// SameHighstate judges that each minion's highstate gave the same states
// with the same results after the fault as before it: another master
// served the same states. The changes may differ (the second run changes
// less), the set of state keys and their results may not.
func SameHighstate(h []history.Entry, p SameHighstateParams) Result {
	before := stateApplies(h, span{from: p.Before.From, to: p.Before.To}, false)
	after := stateApplies(h, span{from: p.After.From, to: p.After.To}, false)
	var subs []Subject
	for _, m := range p.Minions {
		s := Subject{Name: m}
		b, a := before[m], after[m]
		switch {
		case len(b) == 0 || len(a) == 0 || !b[len(b)-1].parsed || !a[len(a)-1].parsed:
			s.Verdict, s.Observed = Unknown, "no state return recorded on both sides"
		default:
			lb, la := b[len(b)-1], a[len(a)-1]
			s.Evidence = append(opEvidence(lb.op), opEvidence(la.op)...)
			if diff := resultDiff(lb.v, la.v); diff != "" {
				s.Verdict, s.Observed = Invalid, fmt.Sprintf("served by %s, then by %s: %s", lb.v.Master, la.v.Master, diff)
			} else {
				s.Verdict, s.Observed = Valid, fmt.Sprintf("served by %s, then by %s: the same %d state result(s)", lb.v.Master, la.v.Master, len(la.v.States))
			}
		}
		subs = append(subs, s)
	}
	return fold("every minion's highstate to give the same state results from every master", subs)
}

// resultDiff names what differs between two runs: states only one has,
// results that differ, render errors.
func resultDiff(a, b history.StateApplyValue) string {
	res := func(v history.StateApplyValue) map[string]string {
		out := map[string]string{}
		for _, s := range v.States {
			r := "null"
			if s.Result != nil {
				r = fmt.Sprint(*s.Result)
			}
			out[s.Key] = r
		}
		for _, e := range v.Errors {
			out["error: "+e] = "error"
		}
		return out
	}
	ra, rb := res(a), res(b)
	var diffs []string
	for _, k := range sortedKeys(ra) {
		switch vb, ok := rb[k]; {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("%s only from %s", k, a.Master))
		case vb != ra[k]:
			diffs = append(diffs, fmt.Sprintf("%s result %s from %s, %s from %s", k, ra[k], a.Master, vb, b.Master))
		}
	}
	for _, k := range sortedKeys(rb) {
		if _, ok := ra[k]; !ok {
			diffs = append(diffs, fmt.Sprintf("%s only from %s", k, b.Master))
		}
	}
	return strings.Join(diffs, "; ")
}

// PillarSameParams are the parameters of PillarSame.
type PillarSameParams struct {
	From    int64    `json:"from"`
	To      int64    `json:"to,omitempty"`
	Minions []string `json:"minions"`
	Masters []string `json:"masters"`
}

// PillarSame judges that every master renders the same pillar for each
// minion: each master renders pillar itself from its own pillar_roots
// (salt/pillar/__init__.py; salt-semantics §3.5), so a minion that fails
// over may be handed different data.
func PillarSame(h []history.Entry, p PillarSameParams) Result {
	got := map[string]map[string]history.Op{} // minion -> master -> op
	for _, o := range ops(h, span{from: p.From, to: p.To}, history.PillarItemsOp) {
		var v history.PillarValue
		if !okOp(o) || json.Unmarshal(o.Completion.Value, &v) != nil {
			continue
		}
		if got[o.Invoke.Target] == nil {
			got[o.Invoke.Target] = map[string]history.Op{}
		}
		got[o.Invoke.Target][v.Master] = o
	}
	var subs []Subject
	for _, m := range p.Minions {
		subs = append(subs, pillarSame(m, got[m], p.Masters))
	}
	return fold(fmt.Sprintf("every master (%s) to render the same pillar for every minion", strings.Join(p.Masters, ", ")), subs)
}

func pillarSame(minion string, by map[string]history.Op, masters []string) Subject {
	if miss := missing("pillar.items of "+minion, by, masters); miss != nil {
		miss.Name = minion
		return *miss
	}
	s := Subject{Name: minion}
	digests := map[string][]string{} // canonical pillar -> masters
	for _, m := range masters {
		o := by[m]
		s.Evidence = append(s.Evidence, opEvidence(o)...)
		var v history.PillarValue
		_ = json.Unmarshal(o.Completion.Value, &v) // read once above
		k := canonical(v.Pillar)
		digests[k] = append(digests[k], m)
	}
	if len(digests) == 1 {
		s.Verdict, s.Observed = Valid, fmt.Sprintf("the same pillar from %d master(s)", len(masters))
		return s
	}
	var groups []string
	for k, ms := range digests {
		groups = append(groups, fmt.Sprintf("%s: %s", strings.Join(ms, ", "), textclip.Clip(k, maxObserved)))
	}
	sort.Strings(groups)
	s.Verdict, s.Observed = Invalid, "the pillar differs: "+strings.Join(groups, " | ")
	return s
}

// canonical re-encodes JSON with sorted keys, so key order is no drift.
func canonical(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(bytes.TrimSpace(raw))
	}
	b, _ := json.Marshal(v) // maps encode with sorted keys
	return string(b)
}

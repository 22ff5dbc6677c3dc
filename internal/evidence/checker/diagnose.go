package checker

import (
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// fact is one configuration record a diagnosis rests on: on which node,
// what it showed, and the history entry that holds it.
type fact struct {
	node  string
	text  string // "master_type = failover", "/etc/hosts has no line for salt-master-1"
	entry int64
	note  string // what the rule makes of it, after the citation
}

// diagnosis is a rule's explanation of a verdict. Every fact is cited in
// the cause by its entry (cite), and a diagnosis without facts is never
// given: a cause is blamed only on a setting the lab recorded.
type diagnosis struct {
	cause, fix string
	facts      []fact
	also       []int64 // other entries the cause cites (faults, refusals)
}

// rule is one known-bad setting: whether the recorded configuration
// explains result r of check c. A rule reads only labConf and h, and
// fires only when every record it needs is there, so an absent record
// (an older run, a read that failed) leaves it silent.
type rule func(c Check, r Result, h []history.Entry, conf labConf) (diagnosis, bool)

// rules in the order their causes are reported: a setting that keeps
// minions from signing in at all comes before one that only breaks
// failover, and before master keys the minions refuse (masterkeys.go).
func rules() []rule { return []rule{portEntries, dnsNamesInFailover, masterKeyPairs} }

// Explain adds the cause and fix to a result that is not valid when the
// recorded configuration shows a known-bad setting (the port and DNS
// rules only explain invalid verdicts: an unknown one may just lack
// evidence). A result whose checker named its cause itself, and a valid
// one, is returned as it is. Run calls it on every check, so `saltlab
// check` gives the same cause from the files alone: it is pure.
func Explain(c Check, r Result, h []history.Entry) Result {
	if r.Verdict == Valid || r.Cause != "" {
		return r
	}
	conf := recordedConf(h)
	var causes, fixes []string
	var ev []int64
	for _, rl := range rules() {
		d, ok := rl(c, r, h, conf)
		if !ok || len(d.facts) == 0 {
			continue
		}
		causes, fixes, ev = append(causes, d.cause), append(fixes, d.fix), append(ev, d.evidence()...)
	}
	if len(causes) == 0 {
		return r
	}
	r.Cause, r.Fix, r.CauseEvidence = strings.Join(causes, " Also: "), strings.Join(fixes, " Also: "), dedup(ev)
	return r
}

// evidence is every entry the diagnosis cites.
func (d diagnosis) evidence() []int64 {
	ev := append([]int64(nil), d.also...)
	for _, f := range d.facts {
		ev = append(ev, f.entry)
	}
	return dedup(ev)
}

// cite renders the facts of nodes, grouping the nodes whose facts read
// alike, each fact with the entries that hold it: "salt-minion-1,
// salt-minion-2: master = [a, b] (entries 3, 9), master_type = failover
// (entries 4, 10)". Groups are joined by "; ".
func cite(nodes []string, facts map[string][]fact) string {
	groups := map[string][]string{}
	var order []string
	for _, n := range nodes {
		key := textsOf(facts[n])
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], n)
	}
	out := make([]string, 0, len(order))
	for _, key := range order {
		members := groups[key]
		first := facts[members[0]]
		parts := make([]string, 0, len(first))
		for i, f := range first {
			var at []int64
			for _, m := range members {
				at = append(at, facts[m][i].entry)
			}
			parts = append(parts, f.text+" "+entriesCited(at)+f.note)
		}
		out = append(out, strings.Join(members, ", ")+": "+strings.Join(parts, ", "))
	}
	return strings.Join(out, "; ")
}

func textsOf(fs []fact) string {
	texts := make([]string, 0, len(fs))
	for _, f := range fs {
		texts = append(texts, f.text+f.note)
	}
	return strings.Join(texts, "\x00")
}

// entriesCited is the citation of history entries: "(entry 4)",
// "(entries 4, 9)".
func entriesCited(at []int64) string {
	at = dedup(append([]int64(nil), at...))
	if len(at) == 1 {
		return fmt.Sprintf("(entry %d)", at[0])
	}
	s := make([]string, 0, len(at))
	for _, i := range at {
		s = append(s, fmt.Sprint(i))
	}
	return "(entries " + strings.Join(s, ", ") + ")"
}

// byNode groups facts by their node, in order.
func byNode(fs []fact) ([]string, map[string][]fact) {
	m := map[string][]fact{}
	var nodes []string
	for _, f := range fs {
		if _, ok := m[f.node]; !ok {
			nodes = append(nodes, f.node)
		}
		m[f.node] = append(m[f.node], f)
	}
	return nodes, m
}

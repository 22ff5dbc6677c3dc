package checker

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/textclip"
)

// ParityParams are the parameters of Parity.
type ParityParams struct {
	From    int64    `json:"from"`
	To      int64    `json:"to,omitempty"`
	Masters []string `json:"masters"`
	Options []string `json:"options"` // compared by value (external_auth, publisher_acl, peer, peer_run, ...)
	Roots   []string `json:"roots"`   // compared file by file (file_roots, pillar_roots)
}

// Parity judges that every master serves the same states and pillar and
// applies the same access control: Salt synchronises none of this between
// masters (salt-semantics §3.5, §8.3: each master reads its own config and
// roots), so a minion or API client that fails over to another master gets
// whatever that master has. Each drift is named: the option with every
// master's value, or the file with every master's digest ("missing" where
// a master lacks it).
func Parity(h []history.Entry, p ParityParams) Result {
	want := fmt.Sprintf("every master (%s) to hold the same %s", strings.Join(p.Masters, ", "), strings.Join(append(append([]string(nil), p.Options...), p.Roots...), ", "))
	s := span{from: p.From, to: p.To}
	var subs []Subject
	for _, opt := range p.Options {
		subs = append(subs, optionParity(h, s, opt, p.Masters))
	}
	for _, roots := range p.Roots {
		subs = append(subs, rootsParity(h, s, roots, p.Masters))
	}
	return fold(want, subs)
}

// lastOK is the last successful operation f about target on each master.
func lastOK(h []history.Entry, s span, f, target string) map[string]history.Op {
	out := map[string]history.Op{}
	for _, o := range ops(h, s, f) {
		if o.Invoke.Target == target && okOp(o) {
			out[o.Invoke.Node] = o
		}
	}
	return out
}

// missing lists the masters without a record, as an Unknown subject.
func missing(name string, by map[string]history.Op, masters []string) *Subject {
	var none []string
	for _, m := range masters {
		if _, ok := by[m]; !ok {
			none = append(none, m)
		}
	}
	if len(none) == 0 {
		return nil
	}
	return &Subject{Name: name, Verdict: Unknown, Observed: fmt.Sprintf("no record of %s on %s", name, strings.Join(none, ", "))}
}

func optionParity(h []history.Entry, s span, opt string, masters []string) Subject {
	by := lastOK(h, s, history.ConfigGetOp, opt)
	if m := missing(opt, by, masters); m != nil {
		return *m
	}
	sub := Subject{Name: opt, Verdict: Valid}
	first := by[masters[0]].Completion.Value
	var vals []string
	for _, m := range masters {
		v := by[m].Completion.Value
		sub.Evidence = append(sub.Evidence, opEvidence(by[m])...)
		vals = append(vals, fmt.Sprintf("%s = %s", m, textclip.Clip(compact(v), maxObserved)))
		if !jsonEqual(first, v) {
			sub.Verdict = Invalid
		}
	}
	sub.Observed = "the same on every master: " + textclip.Clip(compact(first), maxObserved)
	if sub.Verdict == Invalid {
		sub.Observed = "drift in option " + opt + ": " + strings.Join(vals, "; ")
	}
	return sub
}

func rootsParity(h []history.Entry, s span, roots string, masters []string) Subject {
	by := lastOK(h, s, history.RootsDigestOp, roots)
	if m := missing(roots, by, masters); m != nil {
		return *m
	}
	sub := Subject{Name: roots, Verdict: Valid}
	digests := map[string]history.RootsDigest{}
	files := map[string]bool{}
	for _, m := range masters {
		var d history.RootsDigest
		_ = json.Unmarshal(by[m].Completion.Value, &d)
		digests[m] = d
		for f := range d.Files {
			files[f] = true
		}
		sub.Evidence = append(sub.Evidence, opEvidence(by[m])...)
	}
	var drift []string
	for _, f := range sortedKeys(files) {
		var each []string
		same := true
		ref, refOK := digests[masters[0]].Files[f]
		for _, m := range masters {
			d, ok := digests[m].Files[f]
			same = same && ok == refOK && d == ref
			if !ok {
				d = "missing"
			}
			each = append(each, m+" "+short(d))
		}
		if !same {
			drift = append(drift, f+" ("+strings.Join(each, ", ")+")")
		}
	}
	sub.Observed = fmt.Sprintf("%d file(s), identical on every master", len(files))
	if len(drift) > 0 {
		sub.Verdict = Invalid
		sub.Observed = "drift in " + roots + ": " + strings.Join(drift, "; ")
	}
	return sub
}

// compact renders a JSON value on one line.
func compact(v json.RawMessage) string {
	var x any
	if json.Unmarshal(v, &x) != nil {
		return string(v)
	}
	out, _ := json.Marshal(x)
	return string(out)
}

// short keeps a digest readable in a message.
func short(d string) string {
	if len(d) > 12 {
		return d[:12]
	}
	return d
}

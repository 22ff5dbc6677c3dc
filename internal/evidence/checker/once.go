package checker

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/textclip"
)

// OnceParams are the parameters of ExactlyOnce.
type OnceParams struct {
	From   int64  `json:"from"`
	To     int64  `json:"to,omitempty"`
	Master string `json:"master"` // where the job was published (a master of masters)
	Fun    string `json:"fun"`
	// Tgt, when set, is the target the step published the job to ("*"):
	// only that job is judged. Other Fun jobs in the span, such as a
	// leftover `salt <minion> test.ping` of a poll before, are not the
	// scenario's. Empty (checks recorded before it existed) judges every
	// Fun job published on Master.
	Tgt     string   `json:"tgt,omitempty"`
	Minions []string `json:"minions"`
	// F names the CLI operation whose value is {"documents": {id: n}}: how
	// many return documents the CLI printed per minion.
	F string `json:"f"`
	// Executions, when set, names per-minion operations whose value is how
	// many times the job's side effect happened (lines of a marker file).
	Executions string `json:"executions,omitempty"`
	// Want, when set, is the return every minion must give (test.ping: true).
	Want json.RawMessage `json:"want,omitempty"`
	// Relays, when set, are the syndic nodes between Master and the
	// minions: each minion's return must also be on exactly one relay's
	// bus (salt-semantics §6.3).
	Relays []string `json:"relays,omitempty"`
	// AllRelays demands that every relay republished the job (every
	// syndic active).
	AllRelays bool `json:"all_relays,omitempty"`
	// Peers, when set, are the peers of the master cluster Master belongs
	// to: a return on any peer's bus is the job's return, its copies
	// forwarded between peers counted once (cluster.go).
	Peers []string `json:"peers,omitempty"`
}

// ExactlyOnce judges that the job Fun (to Tgt) published on Master within
// the span ran once on every minion: one return event per minion on
// Master's bus (one return across its peers' buses in a cluster), one
// document per minion in the CLI's output and, with Executions, one
// execution per minion.
func ExactlyOnce(h []history.Entry, p OnceParams) Result {
	s := span{from: p.From, to: p.To}
	c := cluster(p.Peers)
	var jids []string
	var jidEv []int64
	var jidAt time.Time
	for _, e := range h {
		if e.Type != history.Event || e.Master != p.Master || !s.has(e.Index) {
			continue
		}
		// A master of masters also fires each syndic's forwarded copy of
		// the new event under the same tag: count jobs, not events.
		jid, ok := newTag(e.Tag)
		if !ok || slices.Contains(jids, jid) {
			continue
		}
		if d := eventData(e); d["fun"] != p.Fun || (p.Tgt != "" && targetOf(d) != p.Tgt) {
			continue
		}
		jids, jidEv = append(jids, jid), append(jidEv, e.Index)
		if len(jids) == 1 {
			jidAt = e.Time
		}
	}
	job := p.Fun
	if p.Tgt != "" {
		job += " to " + p.Tgt
	}
	want := fmt.Sprintf("the %s job from %s to run exactly once on every minion", job, p.Master)
	if len(jids) != 1 {
		r := Result{Verdict: Unknown, Expected: want, Evidence: jidEv,
			Observed: fmt.Sprintf("%d %s job(s) published on %s in the span, want exactly one to judge", len(jids), job, p.Master)}
		if len(jids) > 1 {
			r.Verdict = Invalid
		}
		return r
	}
	rets := countReturns(h, s, c, p.Master, jids[0])
	where := ""
	if c.of(p.Master) != p.Master {
		where = " on " + c.of(p.Master) + c.counted()
	}
	docs, got, docEv := cliDocuments(h, s, p.F)
	execs := executions(h, s, p.Executions)
	relayed := relayReturns(h, s, jids[0], p.Relays)
	var subs []Subject
	for _, m := range p.Minions {
		sub := Subject{Name: m, Verdict: Valid, Evidence: append(append([]int64{jidEv[0]}, rets.ev[m]...), docEv...)}
		obs := fmt.Sprintf("%d return event(s) for job %s%s", rets.n[m], jids[0], where)
		bad := rets.n[m] != 1
		if docs != nil {
			obs += fmt.Sprintf(", %d CLI document(s)", docs[m])
			bad = bad || docs[m] != 1
		}
		if len(p.Want) > 0 && docs != nil && !jsonEqual(got[m], p.Want) {
			obs += fmt.Sprintf(", returned %s (want %s)", textclip.Clip(string(got[m]), maxObserved), p.Want)
			bad = true
		}
		if p.Executions != "" {
			x, ok := execs[m]
			if !ok {
				sub.Verdict = Unknown
				obs += ", execution count not recorded"
			} else {
				obs += fmt.Sprintf(", executed %d time(s)", x.n)
				sub.Evidence = append(sub.Evidence, x.ev...)
				bad = bad || x.n != 1
			}
		}
		if len(p.Relays) > 0 {
			v, o := relaySubject(h, relayed[m], p.Relays, jidAt)
			obs += ", " + o
			sub.Evidence = append(sub.Evidence, relayed[m]...)
			bad = bad || v == Invalid
			if v == Unknown && sub.Verdict == Valid {
				sub.Verdict = Unknown
			}
		}
		if bad {
			sub.Verdict = Invalid
		}
		sub.Observed = obs
		subs = append(subs, sub)
	}
	if p.AllRelays {
		subs = append(subs, relaySubjects(h, s, jids[0], p.Relays, jidAt)...)
	}
	return fold(want, subs)
}

// targetOf is a new-job event's target as the salt CLI was given it: the
// expression (a glob such as "*"), or a list target's ids, which the CLI
// takes comma-separated (-L).
func targetOf(d map[string]any) string {
	switch t := d["tgt"].(type) {
	case string:
		return t
	case []any:
		ids := make([]string, len(t))
		for i, id := range t {
			ids[i] = fmt.Sprint(id)
		}
		return strings.Join(ids, ",")
	}
	return ""
}

func cliDocuments(h []history.Entry, s span, f string) (map[string]int, map[string]json.RawMessage, []int64) {
	for _, o := range ops(h, s, f) {
		if o.Completion == nil {
			continue
		}
		var v history.CLIValue
		if json.Unmarshal(o.Completion.Value, &v) == nil && v.Documents != nil {
			return v.Documents, v.Returns, opEvidence(o)
		}
	}
	return nil, nil, nil
}

func jsonEqual(a, b json.RawMessage) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && fmt.Sprint(x) == fmt.Sprint(y)
}

type count struct {
	n  int
	ev []int64
}

func executions(h []history.Entry, s span, f string) map[string]count {
	out := map[string]count{}
	if f == "" {
		return out
	}
	for _, o := range ops(h, s, f) {
		var n int
		if okOp(o) && json.Unmarshal(o.Completion.Value, &n) == nil {
			out[o.Invoke.Target] = count{n: n, ev: opEvidence(o)}
		}
	}
	return out
}

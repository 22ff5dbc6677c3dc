// Package checker judges a run from its recorded history alone, the way
// Jepsen's checkers and etcd's robustness validation do: every checker is a
// pure function of []history.Entry and its parameters, and says valid,
// invalid or unknown (the history cannot tell) with the entries it used as
// evidence. Nothing here talks to Docker or Salt, so `saltlab check` gives
// the same verdicts from the saved files as the run gave live. The package
// imports only internal/evidence/history (and the leaf internal/textclip).
package checker

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
)

// maxObserved is how many runes of a returned value or error an observation
// quotes: enough to tell one answer from another, short enough to read in a
// verdict's line.
const maxObserved = 160

// Verdict is a checker's answer.
type Verdict string

const (
	Valid   Verdict = "valid"
	Invalid Verdict = "invalid"
	Unknown Verdict = "unknown" // the history holds too little evidence either way
)

// rank orders verdicts by Jepsen's merge priority.
func (v Verdict) rank() int {
	switch v {
	case Invalid:
		return 2
	case Unknown:
		return 1
	}
	return 0
}

// Merge combines verdicts: invalid beats unknown, which beats valid.
func Merge(vs ...Verdict) Verdict {
	out := Valid
	for _, v := range vs {
		if v.rank() > out.rank() {
			out = v
		}
	}
	return out
}

// Bound is an upper limit and the arithmetic that produced it (from the
// Salt configuration under test; see internal/salt/saltcfg).
type Bound struct {
	Limit   time.Duration `json:"limit_ns"`
	Explain string        `json:"explain"`
}

// Subject is the verdict on one minion (or client) within a check.
type Subject struct {
	Name     string        `json:"name"`
	Verdict  Verdict       `json:"verdict"`
	Observed string        `json:"observed"`
	Took     time.Duration `json:"took_ns,omitempty"` // the measured time, when the check measures one
	Bound    *Bound        `json:"bound,omitempty"`
	Evidence []int64       `json:"evidence,omitempty"`
}

// Result is a checker's verdict, what it expected, what it observed and
// the history entries (indices) it based that on. When the verdict is not
// valid and the lab's recorded configuration explains it (diagnose.go),
// Cause names the setting, its value and the node, Fix what to change, and
// CauseEvidence the history entries that recorded the setting.
type Result struct {
	Verdict       Verdict   `json:"verdict"`
	Expected      string    `json:"expected"`
	Observed      string    `json:"observed"`
	Evidence      []int64   `json:"evidence,omitempty"`
	Subjects      []Subject `json:"subjects,omitempty"`
	Cause         string    `json:"cause,omitempty"`
	Fix           string    `json:"fix,omitempty"`
	CauseEvidence []int64   `json:"cause_evidence,omitempty"`
	// Spread is how the subjects' measured times are distributed, for a
	// check over many subjects (a fleet): the report shows it.
	Spread *Spread `json:"spread,omitempty"`
}

// fold builds a result from per-subject verdicts; no subject at all is
// unknown (nothing was observed).
func fold(expected string, subs []Subject) Result {
	r := Result{Verdict: Valid, Expected: expected, Subjects: subs}
	if len(subs) == 0 {
		r.Verdict, r.Observed = Unknown, "no subject to judge"
		return r
	}
	var lines []string
	for _, s := range subs {
		r.Verdict = Merge(r.Verdict, s.Verdict)
		lines = append(lines, fmt.Sprintf("%s: %s (%s)", s.Name, s.Observed, s.Verdict))
		r.Evidence = append(r.Evidence, s.Evidence...)
	}
	r.Observed = strings.Join(lines, "; ")
	r.Evidence = dedup(r.Evidence)
	return r
}

func dedup(xs []int64) []int64 {
	slices.Sort(xs)
	return slices.Compact(xs)
}

// sortedKeys returns a map's keys in order, so verdicts are deterministic.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Message renders a result for a failing step: expected, observed and the
// evidence, so an operator can read the history lines themselves.
func (r Result) Message(name, historyPath string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", name, r.Verdict)
	if r.Verdict == Unknown {
		// The first line is what a CI page shows of a failure: an unknown
		// says there why it could not judge, so it reads as no pass.
		fmt.Fprintf(&b, ": %s", r.why())
	}
	fmt.Fprintf(&b, "\nexpected %s\nobserved:", r.Expected)
	for _, s := range r.Subjects {
		if s.Verdict != Valid {
			fmt.Fprintf(&b, "\n  %s: %s", s.Name, s.Observed)
			if s.Bound != nil {
				fmt.Fprintf(&b, " (bound %s: %s)", s.Bound.Limit, s.Bound.Explain)
			}
		}
	}
	if len(r.Subjects) == 0 {
		fmt.Fprintf(&b, " %s", r.Observed)
	}
	fmt.Fprintf(&b, "\nevidence: %s entries %v", historyPath, r.Evidence)
	if r.Cause != "" {
		fmt.Fprintf(&b, "\ncause: %s", r.Cause)
		if len(r.CauseEvidence) > 0 {
			fmt.Fprintf(&b, " (%s entries %v)", historyPath, r.CauseEvidence)
		}
		if r.Fix != "" {
			fmt.Fprintf(&b, "\nfix: %s", r.Fix)
		}
	}
	return b.String()
}

// why is what made a result unknown: its first unknown subject, or the
// result's own observation when no subject says.
func (r Result) why() string {
	for _, s := range r.Subjects {
		if s.Verdict == Unknown {
			return s.Name + ": " + s.Observed
		}
	}
	return r.Observed
}

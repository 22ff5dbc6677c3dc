package state

import (
	"sort"
	"strings"
)

// Verdict is a task's state: met, not met, or unknown, with why.
type Verdict string

const (
	Met     Verdict = "met"
	NotMet  Verdict = "not met"
	Unknown Verdict = "unknown"
)

// Result is a task's verdict and why.
type Result struct {
	V   Verdict
	Why string
}

// Verdicts are the tasks' states now, by task id.
type Verdicts map[string]Result

// AllMet says whether there is a verdict and every one is met.
func (v Verdicts) AllMet() bool {
	for _, r := range v {
		if r.V != Met {
			return false
		}
	}
	return len(v) > 0
}

// IDs are the tasks whose verdict pick chooses, sorted.
func (v Verdicts) IDs(pick func(Verdict) bool) []string {
	var out []string
	for id, r := range v {
		if pick(r.V) {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// Why says, for messages, each of ids' verdict and why.
func (v Verdicts) Why(ids []string) string {
	var parts []string
	for _, id := range ids {
		parts = append(parts, id+": "+string(v[id].V)+", "+v[id].Why)
	}
	return strings.Join(parts, "; ")
}

package roles

import (
	"fmt"
	"strings"
)

// The tags a general scenario (tagged GeneralTag) uses to say what it
// needs of a topology. A general scenario runs on every topology whose
// roles meet all of its requirement tags; the runner turns the unmet ones
// into "not @tag" before godog filters (see Unmet).
const (
	GeneralTag  = "@general"
	needsPrefix = "@needs-"
	modePrefix  = "@mode-"
)

// minionModes are the values of minion_mode.
func minionModes() []string { return []string{"failover", "hot"} }

// requirement is one tag and whether a topology meets it.
type requirement struct {
	tag  string
	what string
	met  func(Roles) bool
}

// requirements is the whole vocabulary; a @needs-* or @mode-* tag outside
// it is an error in the feature file (CheckTags), not a silent no-op.
func requirements() []requirement {
	reqs := []requirement{
		{needsPrefix + "api", "an API load balancer (x-saltlab api)", func(r Roles) bool { return r.API != nil }},
		{needsPrefix + "syndic", "syndics and a master of masters (x-saltlab syndics, master_of_masters)",
			func(r Roles) bool { return len(r.Syndics) > 0 && r.MasterOfMasters != "" }},
		// The general multi-master scenarios drive masters the minions list
		// themselves; a master cluster's minions know only its balancer.
		{needsPrefix + "2-masters", "two or more masters besides a master of masters, listed by the minions themselves (x-saltlab masters, no master_balancer)",
			func(r Roles) bool {
				return len(r.Masters) >= 2+count(r.Masters, r.MasterOfMasters) && r.MasterBalancer == nil
			}},
	}
	for _, m := range minionModes() {
		reqs = append(reqs, requirement{modePrefix + m, "minions in " + m + " mode (x-saltlab minion_mode: " + m + ")",
			func(r Roles) bool { return r.MinionMode == m }})
	}
	return reqs
}

func count(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s && s != "" {
			n++
		}
	}
	return n
}

// Unmet returns the requirement tags the roles do not meet, in vocabulary
// order, each with what it asks for.
func (r Roles) Unmet() (tags, what []string) {
	for _, q := range requirements() {
		if !q.met(r) {
			tags = append(tags, q.tag)
			what = append(what, q.what)
		}
	}
	return tags, what
}

// CheckTags rejects a requirement tag outside the vocabulary, so a typo
// (@needs-apis) cannot make a scenario run, or vanish, silently.
func CheckTags(tags []string) error {
	for _, t := range tags {
		if !strings.HasPrefix(t, needsPrefix) && !strings.HasPrefix(t, modePrefix) {
			continue
		}
		known := false
		var names []string
		for _, q := range requirements() {
			names = append(names, q.tag)
			known = known || q.tag == t
		}
		if !known {
			return fmt.Errorf("unknown requirement tag %s: use one of %s", t, strings.Join(names, " "))
		}
	}
	return nil
}

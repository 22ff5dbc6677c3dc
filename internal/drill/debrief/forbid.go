package debrief

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// ForbiddenSeen is a forbidden action the learner took and the evidence
// of it; Entries are the history entries that show it, when it was
// judged from Salt's events.
type ForbiddenSeen struct {
	ID, Text, Evidence string
	Penalty            int
	Entries            []int64 `json:",omitempty"`
}

// ForbidUnknown is a forbidden action that could not be judged, and why.
type ForbidUnknown struct {
	ID   string `json:"id"`
	Text string `json:"text"`
	Why  string `json:"why"`
}

// ownSlack widens the operations saltlab itself ran (the incident's
// injections, the self-test's steps) when it tells their key events from
// the learner's: salt-key fires its event before it exits, so the event
// lies within the operation; the slack absorbs the clocks' rounding.
const ownSlack = time.Second

// forbidden judges each forbidden action from its routes: the learner's
// command lines, Salt's key events on the masters' buses, the restarts
// saltlab did for the learner. It is taken when any route shows it. A
// rule with a command line is otherwise not taken (its events can only
// add evidence); one judged from key events alone is not taken only when
// every bus was recorded the whole time, and unknown otherwise.
func forbidden(d *spec.Drill, p *state.Progress, cmds []state.LearnerLine, h []history.Entry, end time.Time) (taken []ForbiddenSeen, unknown []ForbidUnknown) {
	for _, f := range d.Forbid {
		seen := ForbiddenSeen{ID: f.ID, Text: f.Text, Penalty: f.PenaltyOf()}
		var evidence []string
		if f.Command != "" {
			if c, ok := commandTaken(f.Command, cmds); ok {
				evidence = append(evidence, fmt.Sprintf("%s on %s at %s", c.Line, c.Service, c.At.Format(time.TimeOnly)))
			}
		}
		if f.RestartAll != "" {
			if names := restartedAll(f.RestartAll, p.Services, h); names != nil {
				evidence = append(evidence, "restarted "+strings.Join(names, ", "))
			}
		}
		if f.Key != nil {
			r := keyTaken(*f.Key, p, h, end)
			switch {
			case r.taken:
				evidence = append(evidence, r.evidence)
				seen.Entries = r.entries
			case len(evidence) == 0 && f.Command == "" && r.why != "":
				unknown = append(unknown, ForbidUnknown{ID: f.ID, Text: f.Text, Why: r.why})
			}
		}
		if len(evidence) > 0 {
			seen.Evidence = strings.Join(evidence, "; ")
			taken = append(taken, seen)
		}
	}
	return taken, unknown
}

// commandTaken is the learner's first command line the expression
// matches.
func commandTaken(expr string, cmds []state.LearnerLine) (state.LearnerLine, bool) {
	re := regexp.MustCompile(expr) // validated when loaded
	for _, c := range cmds {
		if re.MatchString(c.Line) {
			return c, true
		}
	}
	return state.LearnerLine{}, false
}

// restartedAll names the services of prefix the learner restarted, when
// that is more than one and every one the lab has; nil otherwise.
func restartedAll(prefix string, services []string, h []history.Entry) []string {
	all := 0
	for _, s := range services {
		if strings.HasPrefix(s, prefix) {
			all++
		}
	}
	restarted := map[string]bool{}
	for _, e := range h {
		if e.Process == state.Learner && e.F == state.ActName(spec.VerbRestart, e.Node) && e.Type != history.Invoke && strings.HasPrefix(e.Node, prefix) {
			restarted[e.Node] = true
		}
	}
	if n := len(restarted); n <= 1 || n < all {
		return nil
	}
	names := make([]string, 0, len(restarted))
	for s := range restarted {
		names = append(names, s)
	}
	sort.Strings(names)
	return names
}

// keyResult is a key rule's judgement: taken with its evidence, or not,
// with why it could not be judged ("" when it was).
type keyResult struct {
	taken    bool
	evidence string
	entries  []int64
	why      string
}

// keyTaken judges a key rule from the masters' key events between the
// incident's start and end that are the learner's: events fired while
// saltlab itself acted (the incident's injections, a self-test's steps)
// are not.
func keyTaken(k spec.KeyForbid, p *state.Progress, h []history.Entry, end time.Time) keyResult {
	own := ownIntervals(h, end)
	mine := func(e checker.KeyEvent) bool {
		if e.Time.Before(p.Started) || e.Time.After(end) {
			return false
		}
		for _, iv := range own {
			if !e.Time.Before(iv[0]) && !e.Time.After(iv[1]) {
				return false
			}
		}
		return true
	}
	var hits []checker.KeyEvent
	events := checker.KeyEvents(h)
	if k.Act == spec.KeyAutoAccept {
		hits = autoAccepted(events, mine)
	} else {
		for _, e := range events {
			if e.Tag == checker.KeyTag && e.Act == k.Act && mine(e) && (k.Minion == "" || e.Minion == k.Minion) {
				hits = append(hits, e)
			}
		}
		if k.All != "" {
			hits = everyMinion(hits, k.All, p.Services)
		}
	}
	if len(hits) > 0 {
		return keyResult{taken: true, evidence: keyEvidence(hits), entries: indexes(hits)}
	}
	return keyResult{why: unwatched(h, p, end)}
}

// ownIntervals are the times saltlab's own operations ran, widened by
// ownSlack: the incident's lane and a self-test's solution and wrong fix.
func ownIntervals(h []history.Entry, end time.Time) [][2]time.Time {
	var out [][2]time.Time
	for _, o := range history.Ops(h) {
		if p := o.Invoke.Process; p != state.Incident && p != state.Solution && p != state.WrongFix {
			continue
		}
		to := end
		if o.Completion != nil {
			to = o.Completion.Time
		}
		out = append(out, [2]time.Time{o.Invoke.Time.Add(-ownSlack), to.Add(ownSlack)})
	}
	return out
}

// autoAccepted are the sign-ins a master accepted (salt/auth accept) of
// a minion whose key it held as deleted, rejected or pending, with no
// salt/key accept in between: the master accepted the key itself. Every
// event keeps the state (saltlab's own too); only the learner's count.
func autoAccepted(events []checker.KeyEvent, mine func(checker.KeyEvent) bool) []checker.KeyEvent {
	type key struct{ master, minion string }
	held := map[key]bool{} // absent: not known
	var out []checker.KeyEvent
	for _, e := range events {
		k := key{e.Master, e.Minion}
		switch {
		case e.Tag == checker.KeyTag && e.Act == spec.KeyAccept:
			held[k] = true
		case e.Tag == checker.KeyTag, e.Tag == checker.AuthTag && e.Act != spec.KeyAccept:
			held[k] = false // deleted, rejected, pending, denied
		default: // a sign-in accepted
			if was, known := held[k]; known && !was && mine(e) {
				out = append(out, e)
			}
			held[k] = true
		}
	}
	return out
}

// everyMinion keeps the events of the first master on whose bus every
// minion of the lab whose service starts with prefix has one.
func everyMinion(hits []checker.KeyEvent, prefix string, services []string) []checker.KeyEvent {
	var want []string
	for _, s := range services {
		if strings.HasPrefix(s, prefix) {
			want = append(want, s)
		}
	}
	if len(want) == 0 {
		return nil
	}
	byMaster := map[string][]checker.KeyEvent{}
	var masters []string
	for _, e := range hits {
		if _, ok := byMaster[e.Master]; !ok {
			masters = append(masters, e.Master)
		}
		byMaster[e.Master] = append(byMaster[e.Master], e)
	}
	for _, m := range masters {
		var got []string
		for _, e := range byMaster[m] {
			got = append(got, e.Minion)
		}
		if !slices.ContainsFunc(want, func(w string) bool { return !slices.Contains(got, w) }) {
			return byMaster[m]
		}
	}
	return nil
}

// unwatched says which buses were not recorded for the whole drill ("":
// every one was): then no key event of theirs is "none", only not seen.
func unwatched(h []history.Entry, p *state.Progress, end time.Time) string {
	buses := p.Buses
	if len(buses) == 0 {
		for _, e := range h {
			if e.Type == history.Watch && !slices.Contains(buses, e.Master) {
				buses = append(buses, e.Master)
			}
		}
	}
	if len(buses) == 0 {
		return "no master's event bus was recorded"
	}
	var gaps []string
	for _, b := range buses {
		if !checker.Watched(h, b, p.Started, end) {
			gaps = append(gaps, b)
		}
	}
	if len(gaps) == 0 {
		return ""
	}
	return fmt.Sprintf("the event bus of %s was not recorded the whole drill (the console was closed, or the master stopped, paused or frozen): a key event then was not seen", strings.Join(gaps, ", "))
}

func keyEvidence(hits []checker.KeyEvent) string {
	var minions []string
	for _, e := range hits {
		if !slices.Contains(minions, e.Minion) {
			minions = append(minions, e.Minion)
		}
	}
	first := hits[0]
	return fmt.Sprintf("%s {act: %s} for %s on %s at %s (history entries %s)", first.Tag, first.Act, strings.Join(minions, ", "), first.Master, first.Time.Format(time.TimeOnly), joinInts(indexes(hits)))
}

func indexes(hits []checker.KeyEvent) []int64 {
	out := make([]int64, len(hits))
	for i, e := range hits {
		out[i] = e.Index
	}
	return out
}

func joinInts(xs []int64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

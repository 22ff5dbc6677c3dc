package report

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/textclip"
)

// StateCase is one state of a minion's highstate in a scenario, as the
// history recorded it (history.StateApplyOp): the CI gate reports each
// state id as a JUnit test case, and a test=True run's states with
// changes as the CI diff (what the change would do).
type StateCase struct {
	Minion  string          `json:"minion"`
	Master  string          `json:"master"`
	ID      string          `json:"id"`
	Key     string          `json:"key"`
	SLS     string          `json:"sls,omitempty"`
	Result  string          `json:"result"` // true, false, or null (test=True: would change)
	Comment string          `json:"comment,omitempty"`
	Changes json.RawMessage `json:"changes,omitempty"`
}

// Failed reports a state whose result is false.
func (c StateCase) Failed() bool { return c.Result == "false" }

// stateCases reads a scenario's highstates from its history: the last
// real highstate of each minion (one case per state, or one per render
// error) and the last test=True one's states with changes (the CI diff).
func stateCases(h []history.Entry) (states, diff []StateCase) {
	last := map[string]history.StateApplyValue{}
	lastTest := map[string]history.StateApplyValue{}
	for _, o := range history.Ops(h) {
		if o.Invoke.F != history.StateApplyOp || o.Completion == nil {
			continue
		}
		var v history.StateApplyValue
		if json.Unmarshal(o.Completion.Value, &v) != nil || (len(v.States) == 0 && len(v.Errors) == 0) {
			continue
		}
		if v.Test {
			lastTest[o.Invoke.Target] = v
		} else {
			last[o.Invoke.Target] = v
		}
	}
	for _, m := range slices.Sorted(maps.Keys(last)) {
		states = append(states, casesOf(m, last[m], false)...)
	}
	for _, m := range slices.Sorted(maps.Keys(lastTest)) {
		diff = append(diff, casesOf(m, lastTest[m], true)...)
	}
	return states, diff
}

func casesOf(minion string, v history.StateApplyValue, changedOnly bool) []StateCase {
	var out []StateCase
	for i, e := range v.Errors {
		if i < len(v.Where) && v.Where[i] != "" {
			e = "render error in " + v.Where[i] + ": " + e
		}
		out = append(out, StateCase{Minion: minion, Master: v.Master, ID: "render error", Key: firstLine(e), Result: "false", Comment: e})
	}
	for _, s := range v.States {
		c := StateCase{Minion: minion, Master: v.Master, ID: s.ID, Key: s.Key, SLS: s.SLS, Result: "null", Comment: s.Comment, Changes: s.Changes}
		if s.Result != nil {
			c.Result = fmt.Sprint(*s.Result)
		}
		if changedOnly && !changed(s.Changes) {
			continue
		}
		out = append(out, c)
	}
	return out
}

func changed(raw json.RawMessage) bool {
	c := strings.TrimSpace(string(raw))
	return c != "" && c != "{}" && c != "null"
}

func firstLine(s string) string {
	line, _ := textclip.FirstLine(s)
	return line
}

// stateJUnit is one JUnit case per state: classname the scenario (under
// its feature), name the minion and state id; a failed state's failure
// names its id, Salt's comment and the changes.
func stateJUnit(sc ScenarioResult) []Case {
	var out []Case
	for _, s := range sc.States {
		c := Case{Name: fmt.Sprintf("%s: %s", s.Minion, s.ID), Classname: sc.Feature + "." + sc.Name, Time: "0",
			SystemOut: CDATA(fmt.Sprintf("state %s (%s, sls %s) on %s, served by %s: result %s\ncomment: %s\nchanges: %s\n",
				s.ID, s.Key, s.SLS, s.Minion, s.Master, s.Result, s.Comment, changesOr(s.Changes)))}
		if s.Failed() {
			c.Failure = &Problem{Type: StatusFailed, Message: fmt.Sprintf("state %s failed on %s: %s", s.ID, s.Minion, firstLine(s.Comment)),
				Body: fmt.Sprintf("id: %s\nkey: %s\ncomment: %s\nchanges: %s\n", s.ID, s.Key, s.Comment, changesOr(s.Changes))}
		}
		out = append(out, c)
	}
	return out
}

func changesOr(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "{}"
	}
	return string(raw)
}

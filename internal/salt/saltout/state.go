package saltout

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// keySep separates the four parts of a state's return key. Salt builds the
// key in salt/utils/state.py gen_tag: "{state}_|-{__id__}_|-{name}_|-{fun}".
const keySep = "_|-"

// State is one state's return in a `state.apply` (highstate) return: the
// value under its key, as salt/state.py State.call fills it in.
type State struct {
	Key      string // module_|-id_|-name_|-function
	Module   string // file, cmd, ...
	ID       string // __id__: the id declaration in the SLS
	Name     string
	Function string // managed, run, ...
	// Result is true (converged), false (failed) or nil: test=True and the
	// state would change something (salt/state.py: "None" in test mode).
	Result   *bool
	Comment  string
	Changes  json.RawMessage // {} when nothing changed
	SLS      string          // __sls__
	RunNum   int             // __run_num__: the order Salt ran it in
	Duration float64         // milliseconds
}

// Failed reports whether the state failed (result false).
func (s State) Failed() bool { return s.Result != nil && !*s.Result }

// Changed reports whether the state changed something, or would have
// (test=True).
func (s State) Changed() bool {
	c := bytes.TrimSpace(s.Changes)
	return len(c) > 0 && !bytes.Equal(c, []byte("{}")) && !bytes.Equal(c, []byte("null"))
}

// StateRun is one minion's `state.apply` return: its states in the order
// Salt ran them, or the errors that stopped Salt before it ran any. A
// render or compile error returns a list of strings instead of a mapping
// (salt/state.py HighState.call_high and render_state, e.g. "Rendering
// SLS 'base:app' failed: ...; line 4").
type StateRun struct {
	States []State  `json:"states,omitempty"`
	Errors []string `json:"errors,omitempty"`
}

// Failed are the states that failed.
func (r StateRun) Failed() []State { return r.filter(State.Failed) }

// Changed are the states that changed something, or would have.
func (r StateRun) Changed() []State { return r.filter(State.Changed) }

// Converged reports a run with states, none failed, and no errors.
func (r StateRun) Converged() bool {
	return len(r.Errors) == 0 && len(r.States) > 0 && len(r.Failed()) == 0
}

func (r StateRun) filter(keep func(State) bool) []State {
	var out []State
	for _, s := range r.States {
		if keep(s) {
			out = append(out, s)
		}
	}
	return out
}

// stateValue is the JSON of one state's return.
type stateValue struct {
	ID       *string         `json:"__id__"`
	Name     *string         `json:"name"`
	Result   *bool           `json:"result"`
	Comment  json.RawMessage `json:"comment"`
	Changes  json.RawMessage `json:"changes"`
	SLS      string          `json:"__sls__"`
	RunNum   int             `json:"__run_num__"`
	Duration float64         `json:"duration"`
}

// ParseStateRun parses one minion's state.apply return (the value under
// "local" in salt-call's document, or under the minion id in salt's).
func ParseStateRun(raw json.RawMessage) (StateRun, error) {
	var errs []string
	if json.Unmarshal(raw, &errs) == nil {
		if len(errs) == 0 {
			return StateRun{}, fmt.Errorf("parse state return: an empty error list")
		}
		return StateRun{Errors: errs}, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return StateRun{}, fmt.Errorf("parse state return: want a mapping of state keys or a list of errors, got %q", clip(string(raw)))
	}
	var r StateRun
	for key, v := range m {
		s, err := parseState(key, v)
		if err != nil {
			return StateRun{}, err
		}
		r.States = append(r.States, s)
	}
	sort.SliceStable(r.States, func(i, j int) bool {
		a, b := r.States[i], r.States[j]
		if a.RunNum != b.RunNum {
			return a.RunNum < b.RunNum
		}
		return a.Key < b.Key
	})
	return r, nil
}

func parseState(key string, raw json.RawMessage) (State, error) {
	parts := strings.Split(key, keySep)
	if len(parts) < 4 {
		return State{}, fmt.Errorf("parse state return: key %q is not module%sid%sname%sfunction", clip(key), keySep, keySep, keySep)
	}
	var v stateValue
	if err := json.Unmarshal(raw, &v); err != nil {
		return State{}, fmt.Errorf("parse state %q: %w", clip(key), err)
	}
	s := State{
		Key: key, Module: parts[0], Function: parts[len(parts)-1],
		// An id or name may itself hold the separator: the fields say
		// which part is which where the key cannot.
		ID:     parts[1],
		Name:   strings.Join(parts[2:len(parts)-1], keySep),
		Result: v.Result, Comment: comment(v.Comment), Changes: v.Changes,
		SLS: v.SLS, RunNum: v.RunNum, Duration: v.Duration,
	}
	if v.ID != nil {
		s.ID = *v.ID
	}
	if v.Name != nil {
		s.Name = *v.Name
	}
	if len(s.Changes) == 0 {
		s.Changes = json.RawMessage("{}")
	}
	return s, nil
}

// comment reads a state's comment: a string, or a list of lines some
// states return (salt/state.py joins them only for the highstate outputter).
func comment(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var lines []string
	if json.Unmarshal(raw, &lines) == nil {
		return strings.Join(lines, "\n")
	}
	return string(raw)
}

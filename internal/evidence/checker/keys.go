package checker

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// keyState is where id sits in a key list value.
func keyState(v history.KeysValue, id string) string {
	for _, s := range []string{history.KeyAccepted, history.KeyPending, history.KeyRejected, history.KeyDenied} {
		if slices.Contains(v.Keys[s], id) {
			return s
		}
	}
	return history.KeyAbsent
}

// afterAction is the state salt-key leaves a key in on the master it ran on.
func afterAction(action string) string {
	switch action {
	case "accept":
		return history.KeyAccepted
	case "reject":
		return history.KeyRejected
	}
	return history.KeyAbsent
}

// KeyActionParams are the parameters of KeyAction.
type KeyActionParams struct {
	From    int64    `json:"from"`
	To      int64    `json:"to,omitempty"`
	Action  string   `json:"action"` // accept, delete, reject
	Master  string   `json:"master"` // where salt-key ran
	Minion  string   `json:"minion"`
	Masters []string `json:"masters"`
}

// KeyAction judges a salt-key action on one master while minions are
// connected: salt.key.Key changes only the pki_dir it runs on and fires a
// salt/key event {act, id} on that master's bus (salt/key.py; §3.1, §3.3).
// So right after it, every master whose pki_dir is the same directory
// shows the new state, and every other master still shows the state it
// had before: nothing synchronises key directories between masters (§3.5).
func KeyAction(h []history.Entry, p KeyActionParams) Result {
	s := span{from: p.From, to: p.To}
	want := fmt.Sprintf("%s of %s's key on %s to show on every master sharing its pki_dir and on no other, with a salt/key event on %s", p.Action, p.Minion, p.Master, p.Master)
	var act *history.Op
	for _, o := range ops(h, s, history.KeyActionOp(p.Action)) {
		if o.Invoke.Node == p.Master && o.Invoke.Target == p.Minion {
			act = &o
		}
	}
	switch {
	case act == nil:
		return Result{Verdict: Unknown, Expected: want, Observed: "no salt-key " + p.Action + " was recorded"}
	case !okOp(*act):
		return Result{Verdict: Invalid, Expected: want, Observed: "salt-key did not " + p.Action + " the key: " + outcome(*act), Evidence: opEvidence(*act)}
	}
	dirs := map[string]string{}
	dirEv := map[string][]int64{}
	for _, o := range ops(h, span{to: p.To}, history.PkiDirOp) {
		var v history.PkiDirValue
		if okOp(o) && json.Unmarshal(o.Completion.Value, &v) == nil && v.ID != "" {
			dirs[o.Invoke.Node], dirEv[o.Invoke.Node] = v.ID, opEvidence(o)
		}
	}
	subs := []Subject{keyEvent(h, *act, p)}
	for _, m := range p.Masters {
		subs = append(subs, keyAfter(h, s, *act, p, m, dirs, dirEv))
	}
	return fold(want, subs)
}

// keyEvent judges the salt/key event of the action on its master's bus.
func keyEvent(h []history.Entry, act history.Op, p KeyActionParams) Subject {
	sub := Subject{Name: p.Master + " salt/key event"}
	for _, k := range KeyEvents(h) {
		if k.Tag == KeyTag && k.Master == p.Master && k.Index >= act.Invoke.Index && k.Act == p.Action && k.Minion == p.Minion {
			sub.Verdict, sub.Observed, sub.Evidence = Valid, fmt.Sprintf("salt/key {act: %s, id: %s}", p.Action, p.Minion), []int64{k.Index}
			return sub
		}
	}
	if !watched(h, p.Master, act.Invoke.Time, done(act)) {
		sub.Verdict, sub.Observed = Unknown, p.Master+"'s event stream was not recorded"
		return sub
	}
	sub.Verdict, sub.Observed, sub.Evidence = Invalid, "no salt/key event for the action", opEvidence(act)
	return sub
}

// keyAfter judges one master's first key list after the action.
func keyAfter(h []history.Entry, s span, act history.Op, p KeyActionParams, m string, dirs map[string]string, dirEv map[string][]int64) Subject {
	sub := Subject{Name: m}
	var before, after *history.Op
	for _, o := range ops(h, span{to: s.to}, history.KeyListOp) {
		if o.Invoke.Node != m || !okOp(o) {
			continue
		}
		switch {
		case o.Completion.Index < act.Invoke.Index:
			before = &o
		case o.Invoke.Index > act.Completion.Index && after == nil:
			after = &o
		}
	}
	shared := dirs[m] != "" && dirs[m] == dirs[p.Master]
	switch {
	case dirs[m] == "" || dirs[p.Master] == "":
		sub.Verdict, sub.Observed = Unknown, "which pki directory "+m+" uses was not recorded"
		return sub
	case after == nil:
		sub.Verdict, sub.Observed = Unknown, "no key list of "+m+" after the action was recorded"
		return sub
	case before == nil && !shared:
		sub.Verdict, sub.Observed = Unknown, "no key list of "+m+" before the action was recorded"
		return sub
	}
	var bv, av history.KeysValue
	_ = json.Unmarshal(after.Completion.Value, &av)
	wantState, why := afterAction(p.Action), "shares "+p.Master+"'s pki_dir"
	if !shared {
		_ = json.Unmarshal(before.Completion.Value, &bv)
		wantState, why = keyState(bv, p.Minion), "has its own pki_dir, so it keeps the state it had before"
		sub.Evidence = opEvidence(*before)
	}
	if m == p.Master {
		why = "ran the action"
	}
	got := keyState(av, p.Minion)
	sub.Evidence = append(append(sub.Evidence, opEvidence(*after)...), dirEv[m]...)
	sub.Verdict, sub.Observed = Valid, fmt.Sprintf("%s %s (%s: expected %s)", p.Minion, got, why, wantState)
	if got != wantState {
		sub.Verdict = Invalid
	}
	return sub
}

// KeyStateParams are the parameters of KeyState.
type KeyStateParams struct {
	From    int64    `json:"from"`
	To      int64    `json:"to,omitempty"`
	Master  string   `json:"master"`
	Minions []string `json:"minions"`
	State   string   `json:"state"`
}

// KeyState judges that the last key list of Master in the span shows
// every minion's key in State.
func KeyState(h []history.Entry, p KeyStateParams) Result {
	want := fmt.Sprintf("%s to list the key of %v as %s", p.Master, p.Minions, p.State)
	var last *history.Op
	for _, o := range ops(h, span{from: p.From, to: p.To}, history.KeyListOp) {
		if o.Invoke.Node == p.Master && okOp(o) {
			last = &o
		}
	}
	if last == nil {
		return Result{Verdict: Unknown, Expected: want, Observed: "no key list of " + p.Master + " was recorded"}
	}
	var v history.KeysValue
	_ = json.Unmarshal(last.Completion.Value, &v)
	var subs []Subject
	for _, m := range p.Minions {
		s := Subject{Name: m, Verdict: Valid, Observed: keyState(v, m) + " on " + p.Master, Evidence: opEvidence(*last)}
		if keyState(v, m) != p.State {
			s.Verdict = Invalid
		}
		subs = append(subs, s)
	}
	return fold(want, subs)
}

package checker

import (
	"fmt"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// The tags of a master's key events: salt.key.Key fires KeyTag for every
// key salt-key or the key wheel accepts, rejects or deletes (salt/key.py),
// and the master's ReqServer fires AuthTag for every sign-in it answers,
// with auth_events on, Salt's default (salt/channel/server.py _auth).
const (
	KeyTag  = "salt/key"
	AuthTag = "salt/auth"
)

// KeyEvent is one key change a master's bus announced, its act in the
// verb's words whatever the release: accept, reject or delete (KeyTag),
// or a sign-in's accept, pend, reject or denied (AuthTag).
type KeyEvent struct {
	Index          int64
	Time           time.Time
	Master, Minion string
	Tag, Act       string
}

// KeyEvents are h's key events, in the history's order. Salt 3008 names
// a key action's act by the state it leaves (Key.change_state:
// "accepted", "rejected"); up to 3007 by the verb (Key.accept: "accept"):
// both read as the verb.
func KeyEvents(h []history.Entry) []KeyEvent {
	var out []KeyEvent
	for _, e := range h {
		if e.Type != history.Event || (e.Tag != KeyTag && e.Tag != AuthTag) {
			continue
		}
		d := eventData(e)
		id, _ := d["id"].(string)
		act := fmt.Sprint(d["act"])
		switch act {
		case "accepted":
			act = "accept"
		case "rejected":
			act = "reject"
		}
		if id == "" || d["act"] == nil {
			continue
		}
		out = append(out, KeyEvent{Index: e.Index, Time: e.Time, Master: e.Master, Minion: id, Tag: e.Tag, Act: act})
	}
	return out
}

// Watched says whether master's event stream was being recorded for the
// whole of [a, b], and could have shown what master published then: a
// stream not yet live, ended, or stalled by a fault that silences its
// master (stopped, paused, frozen) cannot tell "no event" from "not
// seen".
func Watched(h []history.Entry, master string, a, b time.Time) bool {
	return watched(h, master, a, b)
}

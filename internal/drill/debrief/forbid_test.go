package debrief

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// taken is forbidden's taken actions for a drill that started at t0 and
// ended at t0+10m, with the lab's services.
func taken(d *spec.Drill, services []string, h []history.Entry) []ForbiddenSeen {
	got, _ := forbidden(d, &state.Progress{Started: t0, Services: services}, learnerLines(h), h, t0.Add(10*time.Minute))
	return got
}

var t0 = time.Date(2026, 12, 6, 3, 0, 0, 0, time.UTC)

// rec builds a recorded history: entries get their index in order.
type rec struct{ h []history.Entry }

func (r *rec) add(e history.Entry) *rec {
	e.Index = int64(len(r.h))
	r.h = append(r.h, e)
	return r
}

// watch records master's bus as live from at (and ended at end, unless
// zero).
func (r *rec) watch(master string, at, end time.Duration) *rec {
	r.add(history.Entry{Type: history.Watch, Master: master, Phase: history.Start, Time: t0.Add(at)})
	if end != 0 {
		r.add(history.Entry{Type: history.Watch, Master: master, Phase: history.End, Time: t0.Add(end)})
	}
	return r
}

func (r *rec) key(master, tag, act, minion string, at time.Duration) *rec {
	return r.add(history.Entry{Type: history.Event, Master: master, Tag: tag, Time: t0.Add(at), Data: json.RawMessage(fmt.Sprintf(`{"act":%q,"id":%q,"result":true}`, act, minion))})
}

// op records an operation of lane process from a to b.
func (r *rec) op(process, f string, a, b time.Duration) *rec {
	inv := len(r.h)
	r.add(history.Entry{Type: history.Invoke, Process: process, F: f, Time: t0.Add(a)})
	return r.add(history.Entry{Type: history.OK, Pair: int64(inv), Process: process, F: f, Time: t0.Add(b)})
}

func (r *rec) shell(line string, at time.Duration) *rec {
	b, _ := json.Marshal(state.LearnerLine{At: t0.Add(at), Line: line, Service: "salt-master-1"})
	return r.add(history.Entry{Type: history.OK, Process: state.Learner, F: "shell: " + line, Node: "salt-master-1", Time: t0.Add(at), Value: b})
}

// TestForbiddenFromKeyEvents: a forbidden key action is judged from the
// masters' salt/key and salt/auth events as well as from the learner's
// command lines: an action the command lines do not show (a script) is
// taken on the events' evidence, citing the history entries; the
// incident's own key actions are not the learner's; a rule judged from
// events alone is unknown when the buses were not recorded the whole
// time (no events recorded is never "not taken"), and a rule with a
// command line is still judged by it.
func TestForbiddenFromKeyEvents(t *testing.T) {
	services := []string{"salt-master-1", "salt-master-2", "salt-minion-1", "salt-minion-2"}
	both := spec.Forbid{ID: "delete-all-keys", Text: "deleting every key", Command: `salt-key\b.*(-D\b|--delete-all)`, Key: &spec.KeyForbid{Act: "delete", All: "salt-minion-"}}
	eventsOnly := spec.Forbid{ID: "delete-all-keys", Text: "deleting every key", Key: &spec.KeyForbid{Act: "delete", All: "salt-minion-"}}
	auto := spec.Forbid{ID: "auto-accept", Text: "turning on auto_accept", Key: &spec.KeyForbid{Act: "auto-accept"}}
	reject := spec.Forbid{ID: "reject", Text: "rejecting salt-minion-2", Key: &spec.KeyForbid{Act: "reject", Minion: "salt-minion-2"}}
	watched := func() *rec {
		return (&rec{}).watch("salt-master-1", -time.Second, 0).watch("salt-master-2", -time.Second, 0)
	}
	for _, tc := range []struct {
		name    string
		rule    spec.Forbid
		h       *rec
		taken   string // the evidence's start, "" for not taken
		entries []int64
		unknown string // why it is unknown, "" for judged
	}{
		{name: "the command line", rule: both, h: watched().shell("salt-key -D -y", time.Minute), taken: "salt-key -D -y on salt-master-1"},
		{name: "a script the command line does not show", rule: both,
			h:     watched().shell("bash cleanup.sh", time.Minute).key("salt-master-1", "salt/key", "delete", "salt-minion-1", 61*time.Second).key("salt-master-1", "salt/key", "delete", "salt-minion-2", 61*time.Second),
			taken: "salt/key {act: delete} for salt-minion-1, salt-minion-2 on salt-master-1", entries: []int64{3, 4}},
		{name: "one key deleted is not every key", rule: eventsOnly, h: watched().key("salt-master-1", "salt/key", "delete", "salt-minion-1", time.Minute)},
		{name: "every key, but across two masters", rule: eventsOnly,
			h: watched().key("salt-master-1", "salt/key", "delete", "salt-minion-1", time.Minute).key("salt-master-2", "salt/key", "delete", "salt-minion-2", time.Minute)},
		{name: "the incident's own key actions", rule: eventsOnly,
			h: watched().op(state.Incident, "incident key-action salt-master-1", 0, 2*time.Second).key("salt-master-1", "salt/key", "delete", "salt-minion-1", time.Second).key("salt-master-1", "salt/key", "delete", "salt-minion-2", time.Second)},
		{name: "before the drill started", rule: eventsOnly,
			h: watched().key("salt-master-1", "salt/key", "delete", "salt-minion-1", -time.Second/2).key("salt-master-1", "salt/key", "delete", "salt-minion-2", -time.Second/2)},
		{name: "no events recorded is unknown, never not taken", rule: eventsOnly, h: &rec{}, unknown: "no master's event bus was recorded"},
		{name: "a bus not recorded the whole time", rule: eventsOnly, h: (&rec{}).watch("salt-master-1", -time.Second, 0).watch("salt-master-2", -time.Second, time.Minute), unknown: "the event bus of salt-master-2 was not recorded"},
		{name: "no events recorded, but the command route judges", rule: both, h: (&rec{}).shell("salt-key -L", time.Minute)},
		{name: "a 3008 act name", rule: reject, h: watched().key("salt-master-2", "salt/key", "rejected", "salt-minion-2", time.Minute), taken: "salt/key {act: reject} for salt-minion-2 on salt-master-2", entries: []int64{2}},
		{name: "another minion's key", rule: reject, h: watched().key("salt-master-2", "salt/key", "reject", "salt-minion-1", time.Minute)},
		{name: "a key the master accepted itself", rule: auto,
			h: watched().op(state.Incident, "incident key-action salt-master-1", 0, time.Second).key("salt-master-1", "salt/key", "delete", "salt-minion-1", time.Second/2).
				key("salt-master-1", "salt/auth", "pend", "salt-minion-1", 5*time.Second).key("salt-master-1", "salt/auth", "accept", "salt-minion-1", 2*time.Minute),
			taken: "salt/auth {act: accept} for salt-minion-1 on salt-master-1", entries: []int64{6}},
		{name: "a key someone accepted", rule: auto,
			h: watched().key("salt-master-1", "salt/auth", "pend", "salt-minion-1", 5*time.Second).key("salt-master-1", "salt/key", "accept", "salt-minion-1", time.Minute).key("salt-master-1", "salt/auth", "accept", "salt-minion-1", 61*time.Second)},
		{name: "a sign-in of a key always accepted", rule: auto, h: watched().key("salt-master-1", "salt/auth", "accept", "salt-minion-1", time.Minute)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &spec.Drill{Forbid: []spec.Forbid{tc.rule}}
			p := &state.Progress{Started: t0, Services: services, Buses: []string{"salt-master-1", "salt-master-2"}}
			if tc.unknown == "no master's event bus was recorded" {
				p.Buses = nil
			}
			got, unknown := forbidden(d, p, learnerLines(tc.h.h), tc.h.h, t0.Add(10*time.Minute))
			if tc.unknown != "" {
				assert.Empty(t, got)
				require.Len(t, unknown, 1)
				assert.Contains(t, unknown[0].Why, tc.unknown)
				return
			}
			assert.Empty(t, unknown, "judged")
			if tc.taken == "" {
				assert.Empty(t, got, "not taken")
				return
			}
			require.Len(t, got, 1)
			assert.Contains(t, got[0].Evidence, tc.taken)
			assert.Equal(t, tc.entries, got[0].Entries, "the history entries that show it")
			assert.Equal(t, 20, got[0].Penalty)
		})
	}
}

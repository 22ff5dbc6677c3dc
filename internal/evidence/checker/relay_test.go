package checker

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

func TestExactlyOnceThroughRelays(t *testing.T) {
	const cli = "salt test.ping"
	type relay struct {
		watched, republished bool
		paused               bool // a pause window over the job: the stream stalls, no watch end
		rets                 int
	}
	build := func(s1, s2 relay) []history.Entry {
		b := &hist{}
		b.watch(0, "mom", history.Start)
		for name, r := range map[string]relay{"syn1": s1, "syn2": s2} {
			if r.watched {
				b.watch(0, name, history.Start)
			}
			if r.paused {
				b.fault(s(0.5), "p-"+name, "pause", name, history.Start)
			}
		}
		b.op(s(1), s(3), history.OK, cli, "mom", "*", `{"documents":{"m1":1}}`, "")
		b.ev(s(1.1), "mom", "salt/job/J1/new", `{"fun":"test.ping","jid":"J1"}`)
		for name, r := range map[string]relay{"syn1": s1, "syn2": s2} {
			if r.republished {
				b.ev(s(1.2), name, "salt/job/J1/new", `{"fun":"test.ping","jid":"J1"}`)
			}
			for range r.rets {
				b.ev(s(1.5), name, "salt/job/J1/ret/m1", `{"fun":"test.ping"}`)
			}
		}
		b.ev(s(2), "mom", "salt/job/J1/ret/m1", `{"fun":"test.ping"}`)
		return b.h
	}
	up, down := relay{watched: true, republished: true}, relay{}
	withRet := func(r relay, n int) relay { r.rets = n; return r }
	tests := []struct {
		name     string
		s1, s2   relay
		all      bool
		want     Verdict
		observed string
	}{
		{"both active, one return through one syndic", withRet(up, 1), up, true, Valid, "1 return event(s) on the syndic buses"},
		{"both active, a return through each syndic", withRet(up, 1), withRet(up, 1), false, Invalid, "2 return event(s)"},
		{"both recorded, no return on either", up, up, false, Invalid, "0 return event(s)"},
		{"one syndic down, return through the other", down, withRet(up, 1), false, Valid, "1 return event(s)"},
		{"one syndic down, no return seen", down, up, false, Unknown, "syn1's bus was not recorded"},
		{"one syndic paused, no return seen", relay{watched: true, paused: true}, up, false, Unknown, "syn1's bus was not recorded"},
		{"one syndic down, but both demanded", down, withRet(up, 1), true, Unknown, "syndic syn1: no republication"},
		{"recorded syndic did not republish", relay{watched: true}, withRet(up, 1), true, Invalid, "did not republish"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := OnceParams{Master: "mom", Fun: "test.ping", Minions: []string{"m1"}, F: cli, Relays: []string{"syn1", "syn2"}, AllRelays: tc.all}
			r := ExactlyOnce(build(tc.s1, tc.s2), p)
			assert.Equal(t, tc.want, r.Verdict, r.Observed)
			assert.Contains(t, r.Observed, tc.observed)
		})
	}
}

func TestJobOnAndRelayedBy(t *testing.T) {
	b := &hist{}
	b.ev(s(1), "mom", "salt/job/J0/new", `{"fun":"cmd.run"}`)
	b.ev(s(2), "mom", "salt/job/J1/new", `{"fun":"test.ping"}`)
	b.ev(s(3), "syn2", "salt/job/J1/new", `{"fun":"test.ping"}`)
	b.ev(s(3), "mom", "syndic/syn3/salt/job/J1/new", `{"fun":"test.ping"}`)
	b.ev(s(3), "mom", "syndic/syn1/salt/job/J0/new", `{"fun":"cmd.run"}`)
	jid, ok := JobOn(b.h, 0, "mom", "test.ping")
	assert.True(t, ok)
	assert.Equal(t, "J1", jid)
	_, ok = JobOn(b.h, 0, "syn1", "test.ping")
	assert.False(t, ok)
	assert.Equal(t, []string{"syn2", "syn3"}, sortedKeys(RelayedBy(b.h, 0, "J1", []string{"syn1", "syn2", "syn3"})), "own bus or the copy forwarded to the master of masters")
}

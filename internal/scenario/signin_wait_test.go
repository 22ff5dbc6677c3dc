package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

func TestSignInPlanMissing(t *testing.T) {
	start := func(i int64, master, minion string) history.Entry {
		return history.Entry{Index: i, Type: history.Event, Master: master, Tag: "salt/minion/" + minion + "/start"}
	}
	both := map[string]bool{"x": true, "y": true}
	hot := signInPlan{"m-a": {masters: []string{"x", "y"}}}
	failover := signInPlan{"m-a": {masters: []string{"x", "y"}, anyOne: true}}
	tests := []struct {
		name    string
		plan    signInPlan
		h       []history.Entry
		watched map[string]bool
		want    []string
	}{
		{"hot: nothing yet", hot, nil, both, []string{"m-a on x, y"}},
		{"hot: one of two masters", hot, []history.Entry{start(5, "x", "m-a")}, both, []string{"m-a on y"}},
		{"hot: both", hot, []history.Entry{start(5, "x", "m-a"), start(6, "y", "m-a")}, both, nil},
		{"hot: a start before the restart does not count", hot, []history.Entry{start(2, "x", "m-a"), start(6, "y", "m-a")}, both, []string{"m-a on x"}},
		{"hot: another minion's start does not count", hot, []history.Entry{start(5, "x", "m-b"), start(6, "y", "m-a")}, both, []string{"m-a on x"}},
		{"hot: a job event is no sign-in", hot, []history.Entry{{Index: 5, Type: history.Event, Master: "x", Tag: "salt/job/1/ret/m-a"}, start(6, "y", "m-a")}, both, []string{"m-a on x"}},
		{"failover: nothing yet", failover, nil, both, []string{"m-a on any of x, y"}},
		{"failover: any one master", failover, []history.Entry{start(7, "y", "m-a")}, both, nil},
		{"no plan, nothing to wait for", signInPlan{}, nil, both, nil},
		{"hot: an unrecorded master is not waited for", hot, nil, map[string]bool{"x": true}, []string{"m-a on x"}},
		{"failover: a master not recorded could hold the minion", failover, nil, map[string]bool{"x": true}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.plan.missing(tt.h, 3, tt.watched))
		})
	}
}

func TestWatchedThroughout(t *testing.T) {
	h := []history.Entry{
		{Index: 1, Type: history.Watch, Master: "x", Phase: history.Start},
		{Index: 2, Type: history.Watch, Master: "y", Phase: history.Start},
		{Index: 3, Type: history.Watch, Master: "z", Phase: history.Start},
		{Index: 4, Type: history.Watch, Master: "z", Phase: history.End},
		// from = 5
		{Index: 6, Type: history.Watch, Master: "y", Phase: history.End},
		{Index: 7, Type: history.Watch, Master: "y", Phase: history.Start},
		{Index: 8, Type: history.Watch, Master: "z", Phase: history.Start},
	}
	got := watchedThroughout(h, 5)
	assert.True(t, got["x"], "up before and since")
	assert.False(t, got["y"], "a gap after the restart may have lost a start event")
	assert.False(t, got["z"], "attached only after the restart")
	assert.False(t, got["w"], "never recorded")
}

func TestSignInWantOf(t *testing.T) {
	buses := map[string]bool{"m1": true, "m2": true, "m3": true}
	peers := []string{"m1", "m2", "m3"}
	tests := []struct {
		name, conf, balancer string
		want                 signInWant
		ok                   bool
	}{
		{"hot", "master: [m1, m2]\n", "", signInWant{masters: []string{"m1", "m2"}}, true},
		{"failover: boots onto its first master", "master: [m1, m2]\nmaster_type: failover\n", "", signInWant{masters: []string{"m1", "m2"}, anyOne: true, first: "m1"}, true},
		{"failover: a shuffled list has no first", "master: [m1, m2]\nmaster_type: failover\nrandom_master: true\n", "", signInWant{masters: []string{"m1", "m2"}, anyOne: true}, true},
		{"failover: an unrecorded first master is not waited for", "master: [m0, m1]\nmaster_type: failover\n", "", signInWant{masters: []string{"m1"}, anyOne: true}, true},
		{"failover behind the master balancer: any peer", "master: [lb, m2]\nmaster_type: failover\n", "lb", signInWant{masters: peers, anyOne: true}, true},
		{"behind the master balancer: any peer", "master: lb\n", "lb", signInWant{masters: peers, anyOne: true}, true},
		{"the balancer with a port", "master: lb:4506\n", "lb", signInWant{masters: peers, anyOne: true}, true},
		{"an unrecorded master", "master: other\n", "lb", signInWant{}, false},
		{"no balancer declared", "master: lb\n", "", signInWant{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := saltcfg.Parse(tt.conf)
			assert.NoError(t, err)
			got, ok := signInWantOf(cfg, buses, tt.balancer, peers)
			assert.Equal(t, tt.ok, ok)
			if tt.ok {
				assert.Equal(t, tt.want, got)
			}
		})
	}
}

func TestSignInPlanStrays(t *testing.T) {
	start := func(i int64, master, minion string) history.Entry {
		return history.Entry{Index: i, Type: history.Event, Master: master, Tag: "salt/minion/" + minion + "/start"}
	}
	both := map[string]bool{"x": true, "y": true}
	plan := signInPlan{"m-a": {masters: []string{"x", "y"}, anyOne: true, first: "x", service: "svc-a"}}
	moved := []stray{{id: "m-a", service: "svc-a", on: "y", first: "x"}}
	tests := []struct {
		name    string
		plan    signInPlan
		h       []history.Entry
		watched map[string]bool
		want    []stray
	}{
		{"on its first master", plan, []history.Entry{start(5, "x", "m-a")}, both, nil},
		{"on a later master", plan, []history.Entry{start(5, "y", "m-a")}, both, moved},
		{"its first sign-in decides", plan, []history.Entry{start(5, "y", "m-a"), start(6, "x", "m-a")}, both, moved},
		{"a sign-in before the restart does not count", plan, []history.Entry{start(2, "y", "m-a"), start(5, "x", "m-a")}, both, nil},
		{"not signed in yet", plan, nil, both, nil},
		{"the first master's bus had a gap: it may have come first", plan, []history.Entry{start(5, "y", "m-a")}, map[string]bool{"y": true}, nil},
		{"no boot master (hot, shuffled, balanced)", signInPlan{"m-a": {masters: []string{"x", "y"}, anyOne: true}}, []history.Entry{start(5, "y", "m-a")}, both, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.plan.strays(tt.h, 3, tt.watched))
		})
	}
	assert.Equal(t, []string{"svc-a", "svc-b"}, strayServices([]stray{{id: "a1", service: "svc-a"}, {id: "a2", service: "svc-a"}, {id: "b1", service: "svc-b"}}), "a swarm's service once")
}

package scenario

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

// settle waits for a return event the watcher appends after the CLI's
// answer was recorded, and gives up on one that never comes. "Late" is an
// event, not a pause: the return event is appended right after settle's
// first look at the history, which it therefore did not contain.
func TestSettleWaitsForLateReturnEvents(t *testing.T) {
	const cli, call = `{"documents":{"minion-1":1}}`, `true`
	tests := []struct {
		name     string
		f, node  string // the operation and where it ran
		value    string
		master   string // whose bus carries the return
		late     bool   // the return event arrives after settle's first look
		wantSeen bool
		stopsAt  int // the look that ends settle; 0: none, it gives up at EventLag
	}{
		{name: "late event is waited for", f: "salt test.ping", node: "m1", value: cli, master: "m1", late: true, wantSeen: true, stopsAt: 2},
		{name: "missing event is given up on", f: "salt test.ping", node: "m1", value: cli, master: "m1"},
		{name: "a salt-call's late return on any master is waited for", f: "salt-call test.ping", node: "minion-1", value: call, master: "m2", late: true, wantSeen: true, stopsAt: 2},
		{name: "a salt-call's missing return is given up on", f: "salt-call test.ping", node: "minion-1", value: call, master: "m2"},
		{name: "a --local salt-call returns to no master", f: "salt-call --local test.ping", node: "minion-1", value: call, stopsAt: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := history.Create(filepath.Join(t.TempDir(), history.FileName))
			require.NoError(t, err)
			defer rec.Close()
			rec.SetScenario("s")
			t0 := time.Now()
			inv, err := rec.Append(history.Entry{Type: history.Invoke, Time: t0, F: tt.f, Node: tt.node, Process: tt.node, Target: "minion-1"})
			require.NoError(t, err)
			_, err = rec.Append(history.Entry{Type: history.OK, Time: t0.Add(50 * time.Millisecond), Pair: inv.Index, F: tt.f, Node: tt.node, Process: tt.node,
				Target: "minion-1", Value: json.RawMessage(tt.value)})
			require.NoError(t, err)
			looks := 0
			read := func() ([]history.Entry, error) {
				h, err := history.Read(rec.Path())
				if looks++; looks == 1 && tt.late {
					_, aerr := rec.Append(history.Entry{Type: history.Event, Time: t0.Add(40 * time.Millisecond), Master: tt.master, Tag: "salt/job/1/ret/minion-1",
						Data: json.RawMessage(`{"id":"minion-1","fun":"test.ping"}`)})
					require.NoError(t, aerr)
				}
				return h, err
			}
			settled := settleOn(context.Background(), read, "s", 0)
			h, err := history.Read(rec.Path())
			require.NoError(t, err)
			seen := false
			for _, e := range h {
				seen = seen || e.Type == history.Event
			}
			assert.Equal(t, tt.wantSeen, seen)
			if tt.stopsAt > 0 {
				assert.Equal(t, tt.stopsAt, looks, "settle looks again after a look that lacks the event, and stops at the look that finds it")
			} else {
				assert.Greater(t, looks, 1, "settle looks again before giving up")
			}
			assert.Equal(t, h[len(h)-1].Index+1, settled, "settle moves past what it waited for")
		})
	}
}

// An unknown verdict fails its step unless the user accepted unknowns;
// invalid always fails, valid never does.
func TestVerdictFailsStep(t *testing.T) {
	tests := []struct {
		verdict checker.Verdict
		allow   bool
		want    bool
	}{
		{checker.Valid, false, false},
		{checker.Valid, true, false},
		{checker.Unknown, false, true},
		{checker.Unknown, true, false},
		{checker.Invalid, false, true},
		{checker.Invalid, true, true},
		{"garbled", true, true},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, fails(tt.verdict, tt.allow), "%s, allow-unknown %v", tt.verdict, tt.allow)
	}
}

// TestJudgedJobParams: the exactly-once check names the job as the step
// built it (its function, target and CLI operation), so a single-minion
// probe in its span is not judged, and both checks take a master
// cluster's peers as one master; no other topology names peers.
func TestJudgedJobParams(t *testing.T) {
	cluster := scenariotest.NewLab()
	cluster.Declared = &roles.Roles{Masters: []string{"salt-master-1", "salt-master-2", "salt-master-3"}, Minions: []string{"salt-minion-1"},
		MasterBalancer: &roles.Balancer{Service: "salt-lb", Ports: []int{4505, 4506}}}
	syndic := scenariotest.NewLab()
	syndic.Declared = &roles.Roles{Masters: []string{"mom"}, Minions: []string{"salt-minion-1"}, Syndics: []string{"s1", "s2"}, MasterOfMasters: "mom"}
	tests := []struct {
		name          string
		lab           Lab
		master        string
		peers, relays []string
	}{
		{"a master cluster", cluster, "salt-master-2", []string{"salt-master-1", "salt-master-2", "salt-master-3"}, nil},
		{"failover masters", scenariotest.NewLab(), "salt-master-1", nil, nil},
		{"a master of masters", syndic, "mom", nil, []string{"s1", "s2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			job := client.Salt("*", 10, "cmd.run", "echo ran")
			once := OnceOf(tc.lab, 7, tc.master, job)
			assert.Equal(t, checker.OnceParams{From: 7, Master: tc.master, Fun: "cmd.run", Tgt: "*", Minions: Minions(tc.lab),
				F: "salt cmd.run", Relays: tc.relays, Peers: tc.peers}, once)
			assert.Equal(t, checker.DeliveryParams{From: 7, F: "salt test.ping", Peers: tc.peers}, DeliveryOf(tc.lab, 7, "salt test.ping"))
		})
	}
}

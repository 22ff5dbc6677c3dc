package steps

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

// The generic fault phrase injects any kind of the chaos registry, with
// its options as `saltlab chaos` takes them, on a service or a role
// phrase, and refuses what the registry refuses.
func TestGenericFaultPhrase(t *testing.T) {
	tests := []struct {
		name       string
		steps      string
		wantStatus int
		wantOut    []string
	}{
		{"a kind without options, healed by its own phrase", `
    When I inject pause on "the first master"
    And I resume "salt-master-1"`, 0, []string{"pause on the first master at", "salt-master-1 resumed at"}},
		{"options in words", `
    When I inject partition on "salt-minion-1" with --from salt-master-1 --one-way`, 0,
			[]string{"partition on salt-minion-1 with --from salt-master-1 --one-way at"}},
		{"a kind the registry lacks", `
    When I inject meteor on "salt-master-1"`, 1, []string{`unknown fault "meteor": want one of stop, kill, pause`}},
		{"an option its kind does not take", `
    When I inject pause on "salt-master-1" with --delay 1s`, 1,
			[]string{"fault pause: --delay does not apply to this fault (usage: pause SERVICE)"}},
		{"an option's value by its rule", `
    When I inject latency on "salt-master-1" with --delay 200`, 1, []string{`validate --delay "200": no unit`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "inject.feature")
			body := "@failover\nFeature: faults\n  Scenario: s\n    Given the lab is healthy" + tt.steps + "\n"
			require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
			status, out, _, ledger := runFeature(t, p, scenariotest.NewLab())
			assert.Equal(t, tt.wantStatus, status, out)
			for _, w := range tt.wantOut {
				assert.Contains(t, out, w)
			}
			assert.Empty(t, ledger.Pending(), "healed on every exit path")
		})
	}
}

// The node phrases: on a lab placed on swarm nodes the node feature
// passes (the fake freezes the node's services, and once the node is
// back stops them, as a swarm's engine stops the tasks its manager
// ended); on compose, and with a minion on master-1's node, it fails
// saying why.
func TestNodeLostFeature(t *testing.T) {
	tests := []struct {
		name       string
		nodes      map[string]string
		wantStatus int
		wantOut    []string
	}{
		{"masters and minions apart", map[string]string{"salt-master-1": "node2", "salt-master-2": "node3", "salt-minion-1": "node1", "salt-minion-2": "node1", "nginx": "node3"}, 0,
			[]string{"salt-master-1 runs on node node2, no minion does", "the node of salt-master-1 lost at", "node node2 (which runs salt-master-1) down", "the node of salt-master-1 back at"}},
		{"a minion beside master-1", map[string]string{"salt-master-1": "node2", "salt-master-2": "node3", "salt-minion-1": "node1", "salt-minion-2": "node2"}, 1,
			[]string{"expected no minion on node node2, which runs salt-master-1; observed salt-minion-2 there: label the nodes"}},
		{"on compose", nil, 1, []string{"this lab runs on Docker Compose, which has no nodes"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lab := scenariotest.NewLab()
			status, out, ledger := runFeatureOnNodes(t, "../features/failover/node_lost.feature", lab, tt.nodes)
			assert.Equal(t, tt.wantStatus, status, out)
			for _, w := range tt.wantOut {
				assert.Contains(t, out, w)
			}
			assert.Empty(t, ledger.Pending(), "healed on every exit path")
		})
	}
}

// TestFaultPhraseKinds: NeedsChaosHelper (what a run reads to build the
// chaos helper with its images) follows the chaos registry for the kind
// each fault phrase injects; every fixed kind in faultDefs is a
// registered one; and where the fake engine records faults, the kind a
// phrase's step records in the fault ledger is its faultDefs kind.
func TestFaultPhraseKinds(t *testing.T) {
	for _, tc := range []struct {
		step, kind string
		helper     bool
		recorded   bool // the fake engine records it in the ledger
	}{
		{`I partition "salt-minion-1" from "salt-master-1"`, "partition", true, true},
		{`I drop what "salt-minion-1" sends to "salt-master-1"`, "partition", true, true},
		{`I pause "salt-master-1"`, "pause", false, true},
		{`I inject stop on "salt-master-1"`, "stop", false, true},
		{`I isolate "salt-master-1" from the network`, "isolate", true, false},
		{`I block port 4505 on "salt-master-1"`, "port-block", true, false},
		{`I add 200ms latency to "salt-master-1"`, "latency", true, false},
		{`I make "salt-master-1" unresolvable on "salt-minion-1"`, "dns", true, false},
		{`I freeze the "salt-master" process on "salt-master-1"`, "proc-stop", false, false},
		{`I inject loss on "salt-master-1" with --percent 50`, "loss", true, false},
	} {
		t.Run(tc.step, func(t *testing.T) {
			assert.Equal(t, tc.helper, NeedsChaosHelper(tc.step))
			if !tc.recorded {
				return
			}
			p := filepath.Join(t.TempDir(), "kind.feature")
			body := "@failover\nFeature: faults\n  Scenario: s\n    Given the lab is healthy\n    When " + tc.step + "\n    And all faults are healed\n"
			require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
			status, out, _, ledger := runFeature(t, p, scenariotest.NewLab())
			require.Equal(t, 0, status, out)
			saved, err := os.ReadFile(ledger.Path())
			require.NoError(t, err)
			assert.Contains(t, string(saved), `"kind":"`+tc.kind+`"`)
		})
	}
	var kinds []string
	for _, d := range chaos.Defs() {
		kinds = append(kinds, string(d.Kind))
	}
	for _, f := range faultDefs() {
		if f.kind != "" && f.kind != kindInGroup {
			assert.Contains(t, kinds, f.kind, f.pattern)
		}
	}
	for _, text := range []string{`all faults are healed`, `I resume "salt-master-1"`, `the lab is healthy`, `I inject meteor on "x"`} {
		assert.False(t, NeedsChaosHelper(text), text)
	}
}

package checker

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// vacuousParams are plausible parameters for every checker, naming nodes,
// operations and tags that the histories below never mention. Since-style
// references point at entry 0, which the irrelevant history holds (a fault
// on another node), so those checkers get past the reference lookup.
func vacuousParams() map[string]any {
	b := bounds(s(10), "salt-minion-1")
	masters := []string{"salt-master-1", "salt-master-2"}
	return map[string]any{
		NameAvailability: OutcomeParams{F: ping, Targets: []string{"salt-minion-1"}},
		NameRefusal:      OutcomeParams{F: ping, Targets: []string{"salt-minion-1"}, ErrorContains: "401"},
		NameFailover:     FailoverParams{F: ping, Fun: "test.ping", Master: "salt-master-2", Bounds: b},
		NameStartEvent:   StartParams{Master: "salt-master-2", Bounds: b},
		NameRecovery:     RecoveryParams{F: "api /run test.ping", Bounds: b},
		NameExactlyOnce:  OnceParams{Master: "salt-master-1", Fun: "test.ping", Minions: []string{"salt-minion-1"}, F: "salt test.ping"},
		NameDelivery:     DeliveryParams{F: "salt test.ping"},
		NameNoSignIn:     SignInParams{Master: "salt-master-2", F: history.KeyListOp},
		NameUnchanged:    UnchangedParams{F: "read daemon identity", Bounds: b},
		NameEveryRequest: EveryRequestParams{F: "api ha test.ping", Target: "salt-minion-1"},
		NameMasterKeys:   MasterKeysParams{Masters: masters},
		NameKeyAction:    KeyActionParams{Action: "accept", Master: "salt-master-1", Minion: "salt-minion-1", Masters: masters},
		NameKeyState:     KeyStateParams{Master: "salt-master-1", Minions: []string{"salt-minion-1"}, State: history.KeyAccepted},
		NameParity:       ParityParams{Masters: masters, Options: []string{"external_auth"}, Roots: []string{"file_roots"}},
		NameEventReached: ReachedParams{F: "salt salt-minion-1 event.send", Tag: "saltlab/probe", Masters: masters},
		NameRejectedKey:  RejectedKeyParams{F: ping, Fun: "test.ping", Minion: "salt-minion-1", Master: "salt-master-1", Masters: masters},
		NameHonestHealth: HonestHealthParams{F: history.AnswersOp, Lag: Bound{Limit: s(10), Explain: "test lag"}},
		NameConverged:    HighstateParams{Minions: []string{"salt-minion-1"}},
		NameSameState:    SameHighstateParams{Minions: []string{"salt-minion-1"}},
		NamePillarSame:   PillarSameParams{Minions: []string{"salt-minion-1"}, Masters: masters},
		NameFleet:        FleetParams{F: "salt test.ping", Fun: "test.ping", Masters: []string{"salt-master-2"}, Minions: []string{"salt-minion-1-001"}, Bound: Bound{Limit: s(10), Explain: "test bound"}},
		NameAvoidance:    AvoidanceParams{Since: 0, F: "balancer probe", MaxFails: 1, FailTimeout: s(10), Bounds: bounds(s(5), "salt-lb:4506")},
	}
}

// irrelevant is a history of other kinds and nodes only: a fault, watches,
// an operation and events that no checker above asks about.
func irrelevant() []history.Entry {
	b := &hist{}
	b.fault(0, "9", "stop", "salt-syndic-9", history.Start)
	b.watch(0, "salt-master-9", history.Start)
	b.op(s(1), s(1), history.OK, "cat /etc/hostname", "salt-minion-9", "salt-minion-9", `"m9"`, "")
	b.ev(s(2), "salt-master-9", "salt/job/20261123100002000000/ret/salt-minion-9", `{"id":"salt-minion-9","fun":"test.ping"}`)
	b.ev(s(3), "salt-master-9", "salt/auth", `{"id":"salt-minion-9"}`)
	b.fault(s(4), "9", "stop", "salt-syndic-9", history.End)
	return b.h
}

// TestNoVacuousVerdict: a checker that finds nothing to judge says unknown
// and what it missed, never valid.
func TestNoVacuousVerdict(t *testing.T) {
	params := vacuousParams()
	require.ElementsMatch(t, Names(), keys(params), "every registered checker is audited here")
	histories := map[string][]history.Entry{"empty": nil, "irrelevant": irrelevant()}
	for _, name := range Names() {
		for hname, h := range histories {
			t.Run(name+"/"+hname, func(t *testing.T) {
				c, err := New(name, "scenario", "step", params[name])
				require.NoError(t, err)
				r := Run(c, h)
				assert.Equal(t, Unknown, r.Verdict, r.Observed)
				assert.Regexp(t, `\b(no|not|nothing|none|0)\b`, r.Observed, "the observation says what was missing")
			})
		}
	}
}

func keys[V any](m map[string]V) []string { return sortedKeys(m) }

// TestValidCitesEvidence: a valid result that names no history entry is
// demoted to unknown, and says why; every other result passes unchanged.
func TestValidCitesEvidence(t *testing.T) {
	tests := []struct {
		name string
		in   Result
		want Verdict
		obs  string
	}{
		{"valid without evidence", Result{Verdict: Valid, Observed: "all fine"}, Unknown, "valid without cited evidence: all fine"},
		{"valid with evidence", Result{Verdict: Valid, Observed: "all fine", Evidence: []int64{3}}, Valid, "all fine"},
		{"invalid without evidence", Result{Verdict: Invalid, Observed: "bad"}, Invalid, "bad"},
		{"unknown stays", Result{Verdict: Unknown, Observed: "no entry"}, Unknown, "no entry"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := cited(tc.in)
			assert.Equal(t, tc.want, r.Verdict)
			assert.Equal(t, tc.obs, r.Observed)
		})
	}
}

// TestOverallOfNothing: a run with no verdict is unknown, not valid.
func TestOverallOfNothing(t *testing.T) {
	assert.Equal(t, Unknown, Overall(nil))
	assert.Equal(t, Valid, Overall([]Judged{{Result: Result{Verdict: Valid}}}))
	assert.Equal(t, Invalid, Overall([]Judged{{Result: Result{Verdict: Unknown}}, {Result: Result{Verdict: Invalid}}}))
}

// TestMessageSaysWhyUnknown: the first line of an unknown result's
// message, which CI shows as the failure, says "unknown: <why>".
func TestMessageSaysWhyUnknown(t *testing.T) {
	tests := []struct {
		name  string
		r     Result
		first string
	}{
		{"no subject", Result{Verdict: Unknown, Observed: "entry 7 is not in the history"}, "x: unknown: entry 7 is not in the history"},
		{"an unknown subject", Result{Verdict: Unknown, Subjects: []Subject{{Name: "m0", Verdict: Valid, Observed: "ok"},
			{Name: "m1", Verdict: Unknown, Observed: "no attempt recorded"}}}, "x: unknown: m1: no attempt recorded"},
		{"invalid keeps its line", Result{Verdict: Invalid, Observed: "bad"}, "x: invalid"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			first, _, _ := strings.Cut(tc.r.Message("x", "history.jsonl"), "\n")
			assert.Equal(t, tc.first, first)
		})
	}
}

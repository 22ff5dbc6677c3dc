package steps

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/salt/saltapi"
	"github.com/saltlab/saltlab/internal/scenario"
	"github.com/saltlab/saltlab/internal/scenario/features"
	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

func runFeature(t *testing.T, path string, lab *scenariotest.Lab) (int, string, *report.Measurements, *fault.Ledger) {
	t.Helper()
	return runFeatureAs(t, path, lab, "pretty")
}

// runFeatureAs is runFeature with godog's formats (e.g. "pretty,junit:FILE").
func runFeatureAs(t *testing.T, path string, lab *scenariotest.Lab, format string) (int, string, *report.Measurements, *fault.Ledger) {
	t.Helper()
	return runFeatureWith(t, path, lab, format, false)
}

// runFeatureWith is runFeatureAs with scenario.Deps.EagerReset set as given.
func runFeatureWith(t *testing.T, path string, lab *scenariotest.Lab, format string, eagerReset bool) (int, string, *report.Measurements, *fault.Ledger) {
	t.Helper()
	return runFeatureOn(t, path, lab, format, eagerReset, nil)
}

// runFeatureOnNodes is runFeature on a lab placed on swarm nodes (service
// -> node; nil: compose).
func runFeatureOnNodes(t *testing.T, path string, lab *scenariotest.Lab, nodes map[string]string) (int, string, *fault.Ledger) {
	t.Helper()
	status, out, _, ledger := runFeatureOn(t, path, lab, "pretty", false, nodes)
	return status, out, ledger
}

// runFeatureOn is runFeatureWith with the lab's services placed on nodes.
func runFeatureOn(t *testing.T, path string, lab *scenariotest.Lab, format string, eagerReset bool, nodes map[string]string) (int, string, *report.Measurements, *fault.Ledger) {
	t.Helper()
	t.Cleanup(func() {
		if lab.API != nil {
			lab.API.Close()
		}
	})
	out := &bytes.Buffer{}
	ms := &report.Measurements{}
	dir := t.TempDir()
	ledger := fault.NewLedger(filepath.Join(dir, "faults.jsonl"))
	rec := scenariotest.NewHistory(t, dir)
	ledger.SetObserver(scenario.RecordFaults(rec))
	lab.Rec = rec
	for _, m := range []string{"salt-master-1", "salt-master-2"} {
		lab.Watch(m, history.Start)
	}
	fakeChaos := scenariotest.NewChaos(lab, ledger)
	fakeChaos.Nodes = nodes
	deps := scenario.Deps{Lab: lab, Ledger: ledger, Measurements: ms, Log: out, ProcessSlack: 300 * time.Millisecond,
		Chaos: fakeChaos, API: saltapi.Creds{Username: "ops", Password: "pw", EAuth: "file"},
		History: rec, Verdicts: &checker.Judgements{}, EagerReset: eagerReset}
	// Whatever the scenario's outcome, every verdict given during the run
	// is the verdict the saved history gives again (saltlab check).
	t.Cleanup(func() {
		h, err := history.Read(rec.Path())
		require.NoError(t, err)
		for _, j := range deps.Verdicts.All() {
			assert.Equal(t, j.Result, checker.Run(j.Check, h), "%s in %q", j.Name, j.Step)
		}
	})
	status := godog.TestSuite{
		Name:                "unit",
		ScenarioInitializer: Initializer(deps),
		Options:             &godog.Options{Paths: []string{path}, Format: format, Output: out, Strict: true, NoColors: true, DefaultContext: context.Background()},
	}.Run()
	return status, out.String(), ms, ledger
}

func TestFailoverFeaturePassesWhenMaster1Stops(t *testing.T) {
	lab := scenariotest.NewLab()
	status, out, ms, ledger := runFeature(t, "../features/failover/stop_master.feature", lab)
	require.Equal(t, 0, status, out)
	got := ms.For("Stopping master-1 moves salt-call and the minion daemons to master-2")
	require.Len(t, got, 6, "per minion: salt-call failover, daemon failover, start event")
	for _, m := range got {
		assert.True(t, m.Met, m.String())
		// The verdict is the word after the checker's name: a substring
		// "valid" would also pass on "invalid".
		assert.Regexp(t, `^[a-z][a-z-]*: valid \(`, m.Detail)
	}
	assert.Empty(t, ledger.Pending(), "the After hook healed the fault")
	assert.True(t, lab.Running["salt-master-1"], "salt-master-1 was started again")
	assert.Regexp(t, `wait: salt-minion-1 up to [0-9.]+m?s, until [0-9]{2}:[0-9]{2}:[0-9]{2} \(`, out, "a long wait says what it waits for and until when")
}

func TestFailoverFeatureFailsWhenWrongMasterStops(t *testing.T) {
	lab := scenariotest.NewLab()
	status, out, ms, _ := runFeature(t, "testdata/stop_wrong_master.feature", lab)
	assert.Equal(t, 1, status)
	assert.Contains(t, out, "failover-time: invalid\nexpected salt-master-2 to serve every minion's salt-call test.ping within its bound, measured from entry 8 (fault 1 stop salt-master-2)")
	assert.Contains(t, out, "salt-minion-1: never served by salt-master-2 in")
	assert.Contains(t, out, "last: answered, but served by salt-master-1 (bound 2.5s: salt-master-2 is entry 2 of the minion's master list: 1 earlier master(s)")
	assert.Contains(t, out, "evidence: history.jsonl entries [")
	for _, m := range ms.For("Stopping master-2 instead of master-1") {
		assert.False(t, m.Met)
	}
	assert.True(t, lab.Running["salt-master-2"], "the fault was healed even though the scenario failed")
}

func TestAPIFeaturePassesWhenTheLoadBalancerFailsOver(t *testing.T) {
	lab := scenariotest.NewLab()
	status, out, ms, _ := runFeature(t, "../features/api/lb_failover.feature", lab)
	require.Equal(t, 0, status, out)
	assert.Contains(t, out, "refusal: valid: lb: refused: post lowstate to salt-api /: salt-api answered 401")
	got := ms.For("Stopping master-1 keeps test.ping working through the load balancer")
	require.Len(t, got, 2, "one measurement per minion")
	for _, m := range got {
		assert.True(t, m.Met, m.String())
		assert.Contains(t, m.BoundExplain, "+ nginx proxy_connect_timeout 2s", "the balancer's own detour is in the bound")
	}
}

func TestAPISessionStepFailsWhenTheSessionSurvives(t *testing.T) {
	lab := scenariotest.NewLab()
	status, out, _, _ := runFeature(t, "testdata/api_session_survives.feature", lab)
	assert.Equal(t, 1, status)
	assert.Contains(t, out, "refusal: invalid\nexpected every api session to fail with \"answered 401\"\nobserved:\n  lb: succeeded")
}

func TestSigninStepsTellBrokenFromWorkingMinions(t *testing.T) {
	broken := scenariotest.NewLab()
	broken.SigninBroken = true
	status, out, _, _ := runFeature(t, "testdata/no_signin.feature", broken)
	require.Equal(t, 0, status, out)
	assert.Contains(t, out, "no-sign-in: valid: 2 empty key list(s) and no salt/auth event on salt-master-1")

	working := scenariotest.NewLab()
	status, out, _, _ = runFeature(t, "testdata/no_signin.feature", working)
	assert.Equal(t, 1, status)
	assert.Contains(t, out, "expected no minion to reach salt-master-1 (no salt/auth event there, no minion key)\nobserved: entry 3: accepted keys [salt-minion-1 salt-minion-2]")

	status, out, _, _ = runFeature(t, "testdata/salt_call_fails.feature", scenariotest.NewLab())
	assert.Equal(t, 1, status)
	assert.Contains(t, out, "expected every salt-call test.ping to fail\nobserved:\n  salt-minion-1: succeeded: true")
}

func TestLabIsHealthyWaitsForStartingServices(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(*scenariotest.Lab)
		wantErr string
		timeout time.Duration
		// fleetStart: a fleet's swarms restart at a reset and get the
		// start period bring-up gave them, beyond the bound.
		fleetStart time.Duration
	}{
		{name: "all healthy", setup: func(*scenariotest.Lab) {}},
		{name: "master still starting", setup: func(f *scenariotest.Lab) { f.StartingPolls = map[string]int{"salt-master-1": 3} }},
		{name: "a fleet still starting past the bound, within its start period", setup: func(f *scenariotest.Lab) { f.StartingPolls = map[string]int{"salt-master-1": 3} },
			timeout: time.Nanosecond, fleetStart: 10 * time.Second},
		{name: "unhealthy for the whole bound", setup: func(f *scenariotest.Lab) { f.Health = map[string]string{"salt-minion-2": "unhealthy"} },
			timeout: time.Second, wantErr: "expected every service healthy (or a one-shot exited 0) within 1s; observed: salt-minion-2 is unhealthy"},
		{name: "exited with an error fails at once", setup: func(f *scenariotest.Lab) { f.Health = map[string]string{"salt-master-2": "exited 1"} },
			wantErr: "salt-master-2 is exited 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lab := scenariotest.NewLab()
			tt.setup(lab)
			timeout := tt.timeout
			if timeout == 0 {
				timeout = 10 * time.Second
			}
			ctx := context.WithValue(context.Background(), worldKey{}, &world{World: &scenario.World{Deps: scenario.Deps{Lab: lab, HealthTimeout: timeout, FleetStart: tt.fleetStart}}})
			err := labIsHealthy(ctx)
			if tt.wantErr == "" {
				require.NoError(t, err)
				assert.Zero(t, lab.StartingPolls["salt-master-1"], "waited until the service stopped starting")
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
		})
	}
}

// Every feature file of the checkout uses only phrases the steps define,
// each matching exactly one (the check a run makes before any Docker work).
func TestEveryFeatureUsesDefinedPhrases(t *testing.T) {
	all, err := features.Check([]string{"../features"}, Phrases())
	require.NoError(t, err)
	require.NotEmpty(t, all)
}

func TestDNSTrapFeature(t *testing.T) {
	stuck := scenariotest.NewLab()
	stuck.DaemonsStuck = true
	status, out, ms, _ := runFeature(t, "../features/failover-dns/dns_trap.feature", stuck)
	require.Equal(t, 0, status, out)
	for _, m := range ms.For("Stopping master-1 strands the minion daemons but not salt-call") {
		assert.True(t, m.Met, m.String())
	}

	assert.Contains(t, out, "SKIPPED: this scenario is for minions with the ZeroMQ disconnect monitor")
	assert.Empty(t, ms.For("With the ZeroMQ disconnect monitor, stopping master-1 moves the minion daemons although its name is gone"))

	// Minions that do fail over without the monitor contradict the trap.
	status, out, _, _ = runFeature(t, "../features/failover-dns/dns_trap.feature", scenariotest.NewLab())
	assert.Equal(t, 1, status)
	assert.Contains(t, out, "expected salt-master-2 to serve no minion's salt test.ping for the whole bound, measured from entry 21 (fault 2 pause salt-minion-2 healed)")
	assert.Contains(t, out, "salt-minion-1: served by salt-master-2 after")

	// Salt 3008 with its zmq_monitor default: no trap, and the daemons
	// must leave the stopped master although its name is gone.
	monitored := scenariotest.NewLab()
	monitored.Version, monitored.ZMQMonitor = "salt-call 3008.4 (Argon)", true
	status, out, ms, _ = runFeature(t, "../features/failover-dns/dns_trap.feature", monitored)
	require.Equal(t, 0, status, out)
	assert.Contains(t, out, "SKIPPED: this scenario is for minions without the ZeroMQ disconnect monitor, and salt-minion-1 (Salt 3008.4, zmq_monitor true)")
	moved := ms.For("With the ZeroMQ disconnect monitor, stopping master-1 moves the minion daemons although its name is gone")
	require.NotEmpty(t, moved)
	for _, m := range moved {
		assert.True(t, m.Met, m.String())
	}
	// The same minions stranded: the monitor scenario fails.
	monitored = scenariotest.NewLab()
	monitored.Version, monitored.ZMQMonitor, monitored.DaemonsStuck = "salt-call 3008.4 (Argon)", true, true
	status, _, _, _ = runFeature(t, "../features/failover-dns/dns_trap.feature", monitored)
	assert.Equal(t, 1, status)
}

func TestPauseFeature(t *testing.T) {
	lab := scenariotest.NewLab()
	status, out, ms, ledger := runFeature(t, "../features/failover/pause_master.feature", lab)
	require.Equal(t, 0, status, out)
	got := ms.For("Pausing master-1 does not move the minion daemons to master-2")
	require.Len(t, got, 4, "absence on master-2, then presence on master-1, per minion")
	for _, m := range got {
		assert.True(t, m.Met, m.String())
	}
	assert.Contains(t, out, "salt-master-1 paused at")
	assert.Contains(t, out, "faults healed at")
	assert.Empty(t, ledger.Pending())
	assert.Empty(t, lab.Paused, "the pause was healed")

	// Minions that do fail over away from a paused master contradict it.
	moving := scenariotest.NewLab()
	moving.PauseFailsOver = true
	status, out, _, _ = runFeature(t, "../features/failover/pause_master.feature", moving)
	assert.Equal(t, 1, status, out)
	assert.Contains(t, out, "expected salt-master-2 to serve no minion's salt test.ping for the whole bound, measured from entry 8 (fault 1 pause salt-master-1")
	assert.Empty(t, moving.Paused, "healed although the scenario failed")
}

// TestUnsupportedFaultSkipsVisibly: a fault the host cannot do skips the
// rest of the scenario and says why. godog still counts the scenario as
// passed; the report marks a case with skipped steps "skipped" and the run
// as not passed (report.caseStatus, report.Summarize).
func TestUnsupportedFaultSkipsVisibly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "latency.feature")
	require.NoError(t, os.WriteFile(path, []byte("Feature: f\n  Scenario: slow master\n    Given the lab is healthy\n    When I add 200ms latency to \"salt-master-1\"\n    Then within the alive-check bound \"salt-master-1\" reaches every minion with \"test.ping\"\n"), 0o644))
	status, out, _, _ := runFeature(t, path, scenariotest.NewLab())
	assert.Equal(t, 0, status, out)
	assert.Contains(t, out, "SKIPPED: fault latency: not supported on this host: host lacks nat-redirect")
	assert.Contains(t, out, "3 steps (1 passed, 2 skipped)")
}

func TestPartitionFeature(t *testing.T) {
	lab := scenariotest.NewLab()
	status, out, ms, ledger := runFeature(t, "../features/failover/partition_master.feature", lab)
	require.Equal(t, 0, status, out)
	got := ms.For("Partitioning the minions from master-1 leaves them stranded")
	require.Len(t, got, 4)
	for _, m := range got {
		assert.True(t, m.Met, m.String())
	}
	assert.Contains(t, out, "salt-minion-1, salt-minion-2 partitioned from salt-master-1 at")
	assert.Empty(t, ledger.Pending())
	assert.Empty(t, lab.Cut, "the partition was healed")
}

// The rejected-key steps tell a rejection (exit 77) from a minion that
// answers and from one that failed for another reason.
func TestRejectedKeyStepsTellRejectionFromOtherOutcomes(t *testing.T) {
	tests := []struct {
		name     string
		rejected map[string]bool
		broken   bool
		status   int
		want     string
	}{
		{name: "rejected minion refused, the other answers", rejected: map[string]bool{"salt-minion-1": true},
			want: "rejected-key: valid: salt-minion-1: refused: exit 77: The Salt Minion will now exit. (valid)"},
		{name: "a minion served by the master that rejected it", status: 1,
			want: "observed:\n  salt-minion-1: succeeded, served by salt-master-1, which holds the key as rejected"},
		{name: "a minion that reaches no master failed otherwise", broken: true, status: 1,
			want: "observed:\n  salt-minion-1: failed otherwise: exit 1: No master could be reached"},
		{name: "the other minions must answer", rejected: map[string]bool{"salt-minion-1": true, "salt-minion-2": true}, status: 1,
			want: "observed:\n  salt-minion-2: fail: exit 77: The Salt Minion will now exit."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lab := scenariotest.NewLab()
			lab.Rejected = tt.rejected
			lab.SigninBroken = tt.broken
			status, out, _, _ := runFeature(t, "testdata/rejected_key.feature", lab)
			assert.Equal(t, tt.status, status, out)
			assert.Contains(t, out, tt.want)
		})
	}
}

package steps

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/scenario"
	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

// syndicFake is a unit-test double of the syndic topology: runs says how
// many times each minion executes (and reports) a job from the MoM.
type syndicFake struct {
	runs   map[string]int
	ping   any // what each minion returns to test.ping
	marker map[string]string
	rec    *history.Recorder // the buses, as the watcher records them
	jobs   int
	// twice names minions whose return also reaches the second syndic's
	// bus (a return forwarded through both syndics).
	twice map[string]bool
}

func (f *syndicFake) fire(tag string, data map[string]any) { f.fireOn("salt-master-mom", tag, data) }

func (f *syndicFake) fireOn(bus, tag string, data map[string]any) {
	b, _ := json.Marshal(data)
	_, _ = f.rec.Append(history.Entry{Type: history.Event, Master: bus, Tag: tag, Data: b})
}

func (f *syndicFake) Roles() roles.Roles {
	return roles.Roles{Masters: []string{"salt-master-mom"}, Minions: []string{"salt-minion-1", "salt-minion-2"},
		Syndics: []string{"salt-syndic-1", "salt-syndic-2"}, MasterOfMasters: "salt-master-mom"}
}

func (f *syndicFake) Services() []string {
	return []string{"key-wait", "salt-master-mom", "salt-minion-1", "salt-minion-2", "salt-syndic-1", "salt-syndic-2"}
}
func (f *syndicFake) Status(context.Context, string) (string, error)    { return "healthy", nil }
func (f *syndicFake) Stop(context.Context, string, time.Duration) error { return nil }
func (f *syndicFake) Published(context.Context, string, string) (string, error) {
	return "", errors.New("syndic fake publishes no port")
}
func (f *syndicFake) Start(context.Context, string) error { return nil }
func (f *syndicFake) Exec(_ context.Context, svc string, argv []string) (scenario.Output, error) {
	cmd := strings.Join(argv, " ")
	if svc != "salt-master-mom" {
		return scenario.Output{Stdout: f.marker[svc]}, nil
	}
	fun := "test.ping"
	if strings.Contains(cmd, "cmd.run") {
		fun = "cmd.run"
	}
	f.jobs++
	jid := fmt.Sprintf("2026112310%010d", f.jobs)
	f.fire("salt/job/"+jid+"/new", map[string]any{"jid": jid, "tgt": "*", "fun": fun})
	for _, syn := range []string{"salt-syndic-1", "salt-syndic-2"} {
		f.fireOn(syn, "salt/job/"+jid+"/new", map[string]any{"jid": jid, "tgt": "*", "fun": fun})
	}
	var b strings.Builder
	// a syndic id that has not returned yet, as real Salt prints it
	b.WriteString("{\"salt-syndic-1\": \"Minion did not return. [No response]\"}\n")
	for _, m := range []string{"salt-minion-1", "salt-minion-2"} {
		for i := 0; i < f.runs[m]; i++ {
			f.fire("salt/job/"+jid+"/ret/"+m, map[string]any{"id": m, "fun": fun, "jid": jid})
			f.fireOn("salt-syndic-1", "salt/job/"+jid+"/ret/"+m, map[string]any{"id": m, "fun": fun, "jid": jid})
			if f.twice[m] {
				f.fireOn("salt-syndic-2", "salt/job/"+jid+"/ret/"+m, map[string]any{"id": m, "fun": fun, "jid": jid})
			}
			if strings.Contains(cmd, "cmd.run") {
				f.marker[m] += "ran\n"
				fmt.Fprintf(&b, "{\"%s\": \"\"}\n", m)
			} else {
				fmt.Fprintf(&b, "{\"%s\": %v}\n", m, f.ping)
			}
		}
	}
	return scenario.Output{Stdout: b.String(), ExitCode: 1}, nil
}

func TestSyndicSteps(t *testing.T) {
	tests := []struct {
		name               string
		runs               map[string]int
		twice              map[string]bool
		ping               any
		pingErr, markerErr string
	}{
		{name: "each minion once", runs: map[string]int{"salt-minion-1": 1, "salt-minion-2": 1}, ping: true},
		{name: "dedup failed on one minion", runs: map[string]int{"salt-minion-1": 2, "salt-minion-2": 1}, ping: true,
			pingErr:   "salt-minion-1: 2 return event(s) for job 20261123100000000001, 2 CLI document(s)",
			markerErr: "salt-minion-1: 2 return event(s) for job 20261123100000000002, 2 CLI document(s), executed 2 time(s)"},
		{name: "a minion unreachable", runs: map[string]int{"salt-minion-1": 1}, ping: true,
			pingErr: "salt-minion-2: 0 return event(s) for job 20261123100000000001, 0 CLI document(s)", markerErr: "salt-minion-2: 0 return event(s) for job 20261123100000000002, 0 CLI document(s), executed 0 time(s)"},
		{name: "a return through both syndics", runs: map[string]int{"salt-minion-1": 1, "salt-minion-2": 1}, twice: map[string]bool{"salt-minion-2": true}, ping: true,
			pingErr:   "salt-minion-2: 1 return event(s) for job 20261123100000000001, 1 CLI document(s), 2 return event(s) on the syndic buses",
			markerErr: "executed 1 time(s), 2 return event(s) on the syndic buses"},
		{name: "a minion answers false", runs: map[string]int{"salt-minion-1": 1, "salt-minion-2": 1}, ping: false,
			pingErr: "salt-minion-1: 1 return event(s) for job 20261123100000000001, 1 CLI document(s), returned false (want true)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := scenariotest.NewHistory(t, t.TempDir())
			for _, bus := range []string{"salt-master-mom", "salt-syndic-1", "salt-syndic-2"} {
				_, _ = rec.Append(history.Entry{Type: history.Watch, Master: bus, Phase: history.Start})
			}
			lab := &syndicFake{runs: tc.runs, twice: tc.twice, ping: tc.ping, marker: map[string]string{}, rec: rec}
			ctx := context.WithValue(context.Background(), worldKey{}, &world{World: &scenario.World{Deps: scenario.Deps{Lab: lab, History: rec, Verdicts: &checker.Judgements{},
				Measurements: &report.Measurements{}}}})
			err := masterReachesEveryMinionOnce(ctx, "salt-master-mom")
			if tc.pingErr == "" {
				require.NoError(t, err)
			} else {
				require.ErrorContains(t, err, tc.pingErr)
			}
			require.ErrorContains(t, markerHasOneLine(ctx), "no marker job ran")
			require.NoError(t, masterAppendsMarker(ctx, "salt-master-mom"), "the job step acts; the marker step judges")
			if tc.markerErr != "" {
				require.ErrorContains(t, markerHasOneLine(ctx), tc.markerErr)
				return
			}
			require.NoError(t, markerHasOneLine(ctx))
		})
	}
}

func TestBusesAndRelays(t *testing.T) {
	lab := &syndicFake{}
	tests := []struct {
		name string
		got  []string
		want []string
	}{
		{"every master and syndic bus is recorded", scenario.Buses(lab), []string{"salt-master-mom", "salt-syndic-1", "salt-syndic-2"}},
		{"the master of masters relays through the syndics", lab.Roles().Relays("salt-master-mom"), []string{"salt-syndic-1", "salt-syndic-2"}},
		{"a syndic master relays through nothing", lab.Roles().Relays("salt-syndic-1"), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { require.Equal(t, tc.want, tc.got) })
	}
}

// The relay bound after a heal reads every syndic node's ZeroMQ settings and
// every minion's configuration, and takes the slowest: here syndic-2 keeps
// Salt's defaults (11 s gap) and minion-2 has the larger auth_timeout.
func TestSyndicRelayBoundReadsEveryNode(t *testing.T) {
	t.Parallel()
	const minion = "master: [salt-syndic-1, salt-syndic-2]\nauth_timeout: %d\nrecon_default: 100\nrecon_max: 100\n"
	lab := &syndicFake{marker: map[string]string{
		"salt-minion-1": fmt.Sprintf(minion, 3),
		"salt-minion-2": fmt.Sprintf(minion, 4),
		"salt-syndic-1": "recon_default: 100\nrecon_max: 400\nauth_timeout: 2\n",
		"salt-syndic-2": "auth_timeout: 5\n",
	}}
	w := &world{World: &scenario.World{Deps: scenario.Deps{Lab: lab}}}
	limit, explain, err := w.SyndicRelayBound(context.Background(), []string{"salt-minion-1", "salt-minion-2"}, []string{"salt-syndic-1", "salt-syndic-2"})
	require.NoError(t, err)
	require.Equal(t, 11*time.Second+5*time.Second+4*time.Second+saltcfg.ProcessSlack, limit)
	require.Contains(t, explain, "ZeroMQ reconnect gap 11s")
	require.Contains(t, explain, "of salt-syndic-2")
	require.Contains(t, explain, "auth_timeout 4s")

	lab.marker["salt-minion-1"] = "master: salt-syndic-1\n"
	_, _, err = w.SyndicRelayBound(context.Background(), []string{"salt-minion-1"}, []string{"salt-syndic-1"})
	require.ErrorContains(t, err, "salt-minion-1: syndic relay bound")
}

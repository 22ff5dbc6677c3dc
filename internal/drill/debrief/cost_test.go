package debrief

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
)

// job records a job master published at `at` to minions a and b, and
// the returns it got (one entry per return, by minion).
func (r *rec) job(master, jid string, at time.Duration, returns ...string) *rec {
	r.add(history.Entry{Type: history.Event, Master: master, Tag: "salt/job/" + jid + "/new", Time: t0.Add(at),
		Data: json.RawMessage(fmt.Sprintf(`{"jid":%q,"fun":"test.ping","minions":["salt-minion-1","salt-minion-2"]}`, jid))})
	for i, m := range returns {
		r.add(history.Entry{Type: history.Event, Master: master, Tag: "salt/job/" + jid + "/ret/" + m, Time: t0.Add(at + time.Duration(i+1)*10*time.Millisecond), Data: json.RawMessage(`{"return":true}`)})
	}
	return r
}

// TestIncidentCost: while the incident lasted (to mitigation), the jobs
// that lost a return or returned twice, the drill's probes' counted
// apart, and the salt-api requests that failed; jobs after mitigation do
// not count, and with no bus recorded the jobs are unknown, never none.
func TestIncidentCost(t *testing.T) {
	r := (&rec{}).watch("salt-master-1", -time.Second, 0)
	r.add(history.Entry{Type: history.Invoke, Process: state.Checker, Node: "salt-master-1", F: state.ProbeName("serves", "salt test.ping"), Time: t0.Add(10 * time.Second)})
	r.job("salt-master-1", "1", 10*time.Second+100*time.Millisecond, "salt-minion-1")
	r.add(history.Entry{Type: history.Fail, Pair: 1, Process: state.Checker, Node: "salt-master-1", F: state.ProbeName("serves", "salt test.ping"), Time: t0.Add(12 * time.Second)})
	r.job("salt-master-1", "2", 20*time.Second, "salt-minion-1", "salt-minion-2", "salt-minion-2") // the learner's, returned twice
	r.job("salt-master-1", "3", 25*time.Second, "salt-minion-1", "salt-minion-2")
	r.op("host", "api /run test.ping", 30*time.Second, 31*time.Second)
	r.h[len(r.h)-1].Type = history.Fail
	r.op("host", "api /login", 32*time.Second, 33*time.Second)
	r.job("salt-master-1", "4", 60*time.Second) // after mitigation
	r.add(history.Entry{Type: history.Event, Master: "salt-master-1", Tag: "salt/auth", Time: t0.Add(2 * time.Minute), Data: json.RawMessage(`{}`)})

	mitigated := 50 * time.Second
	c := cost(&state.Progress{Started: t0}, &mitigated, r.h, t0.Add(3*time.Minute))
	assert.Equal(t, Cost{From: 0, To: 50 * time.Second, Until: "mitigation", JobsKnown: true, Jobs: 3, Lost: 1, Twice: 1,
		ProbeJobs: 1, ProbeLost: 1, APIRequests: 2, APIFailed: 1, FailedProbes: 1, Entries: []int64{2, 5}}, c)
	assert.Contains(t, costText(c), "3 Salt job(s): 1 lost (no return from a minion they targeted), 1 returned twice; of them the drill's own probes: 1, 1 lost, 0 twice (history entries 2, 5)")
	assert.Contains(t, costText(c), "1 of 2 salt-api request(s) failed")

	c = cost(&state.Progress{Started: t0}, nil, nil, t0.Add(time.Minute))
	assert.False(t, c.JobsKnown)
	assert.Equal(t, "stop", c.Until)
	assert.Contains(t, costText(c), "Salt jobs unknown (no master's event bus was recorded); no salt-api request recorded")
}

// TestDebriefFilesTellTheCostAndUnknowns: the debrief's JSON has the
// cost, JUnit has it as properties, and a forbidden action that could
// not be judged is a JUnit error, never a pass.
func TestDebriefFilesTellTheCostAndUnknowns(t *testing.T) {
	d := testDrill(t, "master-frozen")
	d.Forbid = append(d.Forbid, spec.Forbid{ID: "by-events", Text: "deleting every key, by events alone", Key: &spec.KeyForbid{Act: "delete", All: "salt-minion-"}, Penalty: 20})
	all := state.Verdicts{"master-1-runs": {V: state.Met}, "master-1-serves": {V: state.Met}}
	db := Judge(d, &state.Progress{Flavor: "sim", Started: t0, Met: map[string]time.Time{"master-1-runs": t0, "master-1-serves": t0}}, all, nil, t0.Add(time.Minute))
	require.Len(t, db.ForbidUnknown, 1)
	dir := t.TempDir()
	require.NoError(t, Write(dir, d, db))
	ju, err := os.ReadFile(filepath.Join(dir, JUnitName))
	require.NoError(t, err)
	assert.Contains(t, string(ju), `<property name="incident.jobs_lost" value="unknown"></property>`)
	assert.Contains(t, string(ju), `<property name="incident.api_requests" value="0"></property>`)
	assert.Contains(t, string(ju), `errors="1"`, "the forbidden action that could not be judged")
	js, err := os.ReadFile(filepath.Join(dir, DebriefJSONName))
	require.NoError(t, err)
	assert.Contains(t, string(js), `"jobs_known": false`)
	assert.Contains(t, string(js), `"forbid_unknown"`)
	txt, err := os.ReadFile(filepath.Join(dir, DebriefName))
	require.NoError(t, err)
	assert.Contains(t, string(txt), "forbidden? deleting every key, by events alone: unknown: no master's event bus was recorded")
}

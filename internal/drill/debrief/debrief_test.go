package debrief

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/testenv"
)

// testDrill is a drill of the catalogue, as a learner would have played.
func testDrill(t *testing.T, name string) *spec.Drill {
	d, err := spec.Load(filepath.Join(testenv.RepoRoot(t), "drills"), name)
	require.NoError(t, err)
	return d
}

// TestJudge: the score counts met tasks and takes off hints and forbidden
// actions; detect and mitigate come from the learner's commands and the
// tasks' met times; no verdict at all is unknown, never solved.
func TestJudge(t *testing.T) {
	d := testDrill(t, "master-frozen")
	start := time.Date(2026, 12, 6, 3, 0, 0, 0, time.UTC)
	p := &state.Progress{RunID: "r", Flavor: "sim", Started: start, Hints: []int{0},
		Met:      map[string]time.Time{"master-1-runs": start.Add(40 * time.Second), "master-1-serves": start.Add(50 * time.Second)},
		Services: []string{"salt-master-1", "salt-minion-1", "salt-minion-2"}}
	line := func(at time.Duration, svc, cmd string) history.Entry {
		b, _ := json.Marshal(state.LearnerLine{At: start.Add(at), Line: cmd, Service: svc})
		return history.Entry{Type: history.OK, Time: start.Add(at), Process: state.Learner, Node: svc, Value: b}
	}
	h := []history.Entry{
		line(5*time.Second, "salt-minion-1", "salt-call test.ping"),
		line(20*time.Second, "salt-master-1", "ps -eo pid,stat,comm"),
		line(30*time.Second, "salt-master-1", "salt-key -D -y"),
		{Index: 3, Type: history.Invoke, Process: state.Checker, Time: start.Add(10 * time.Second)},
		{Index: 4, Type: history.Fail, Pair: 3, Process: state.Checker, Time: start.Add(11 * time.Second)},
		{Index: 5, Type: history.Invoke, Process: state.Checker, Time: start.Add(55 * time.Second)},
		{Index: 6, Type: history.Fail, Pair: 5, Process: state.Checker, Time: start.Add(56 * time.Second)},
	}
	all := state.Verdicts{"master-1-runs": {V: state.Met, Why: "runs"}, "master-1-serves": {V: state.Met, Why: "reached"}}
	db := Judge(d, p, all, h, start.Add(time.Minute))
	assert.Equal(t, "solved", db.Outcome)
	assert.Equal(t, 20, db.MaxScore)
	assert.Equal(t, 0, db.Score, "20 points less a hint of 2 and a forbidden -D of 20, floored at 0")
	require.Len(t, db.Forbidden, 1)
	assert.Equal(t, "delete-all-keys", db.Forbidden[0].ID)
	require.NotNil(t, db.Detect)
	assert.Equal(t, 20*time.Second, *db.Detect, "the first command on the faulty service, not the minion's")
	require.NotNil(t, db.Mitigate)
	assert.Equal(t, 50*time.Second, *db.Mitigate)
	assert.Equal(t, 1, db.FailedProbes, "the probes that failed until mitigation, not after")
	assert.Equal(t, "mitigation", db.Cost.Until)
	assert.False(t, db.Cost.JobsKnown, "no bus recorded: the jobs are unknown, never none")

	// After a reset, the round starts later: what the learner did before
	// stays in the history, but this round is judged from its start.
	reset := *p
	reset.Started, reset.Hints = start.Add(25*time.Second), nil
	db = Judge(d, &reset, all, h, start.Add(time.Minute))
	require.Len(t, db.Commands, 1, "the earlier round's commands are not this round's")
	assert.Equal(t, "salt-key -D -y", db.Commands[0].Line)
	require.Len(t, db.Forbidden, 1, "a forbidden command of this round still counts")

	reset.Started = start.Add(35 * time.Second)
	db = Judge(d, &reset, all, h, start.Add(time.Minute))
	assert.Empty(t, db.Commands)
	assert.Empty(t, db.Forbidden, "the earlier round's -D is not held against the new round")
	assert.Equal(t, 20, db.Score)

	db = Judge(d, &state.Progress{Started: start}, state.Verdicts{}, nil, start.Add(time.Minute))
	assert.Equal(t, "unknown", db.Outcome, "nothing probed is unknown, never solved")
	assert.Nil(t, db.Mitigate)

	half := state.Verdicts{"master-1-runs": {V: state.Met, Why: ""}, "master-1-serves": {V: state.NotMet, Why: "no True"}}
	db = Judge(d, &state.Progress{Started: start}, half, nil, start.Add(time.Minute))
	assert.Equal(t, "unsolved", db.Outcome)
	assert.Equal(t, 10, db.Score)
}

// TestRestartEveryMinionIsForbidden: restarting one minion is allowed;
// restarting each of them is the forbidden action.
func TestRestartEveryMinionIsForbidden(t *testing.T) {
	d := testDrill(t, "master-frozen")
	restart := func(svc string) history.Entry {
		return history.Entry{Type: history.OK, Process: state.Learner, F: state.ActName(spec.VerbRestart, svc), Node: svc}
	}
	services := []string{"salt-master-1", "salt-minion-1", "salt-minion-2"}
	assert.Empty(t, taken(d, services, []history.Entry{restart("salt-minion-1")}))
	got := taken(d, services, []history.Entry{restart("salt-minion-1"), restart("salt-minion-2")})
	require.Len(t, got, 1)
	assert.Equal(t, "restart-every-minion", got[0].ID)
}

// TestDebriefFiles: the debrief's text, JSON and JUnit; an unknown task is
// a JUnit error, never a pass.
func TestDebriefFiles(t *testing.T) {
	d := testDrill(t, "master-frozen")
	dir := t.TempDir()
	db := Judge(d, &state.Progress{Flavor: "sim", Started: time.Now()}, state.Verdicts{"master-1-runs": {V: state.NotMet, Why: "stopped"}}, nil, time.Now())
	require.NoError(t, Write(dir, d, db))
	ju, err := os.ReadFile(filepath.Join(dir, JUnitName))
	require.NoError(t, err)
	assert.Contains(t, string(ju), `tests="2" failures="1" errors="1"`)
	txt, err := os.ReadFile(filepath.Join(dir, DebriefName))
	require.NoError(t, err)
	assert.Contains(t, string(txt), "the Salt double: not a real-Salt result")
	assert.True(t, strings.Contains(string(txt), "outcome: unsolved"), string(txt))
}

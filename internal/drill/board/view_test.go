package board

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/run/status"
)

func readFixture(t *testing.T) (Run, *Source) {
	t.Helper()
	reports, drills := fixture(t)
	src := &Source{Reports: reports, Drills: drills}
	runs, problems := src.Read()
	require.Empty(t, problems)
	require.Len(t, runs, 1)
	return runs[0], src
}

func TestBuildFromTheRecordedDrill(t *testing.T) {
	run, _ := readFixture(t)
	v := Build([]Run{run}, time.Now())
	require.Len(t, v.Drills, 1)
	d := v.Drills[0]
	assert.Equal(t, fixtureRun, d.RunID)
	assert.Equal(t, "second-fault", d.Drill)
	assert.Contains(t, d.Brief, "salt-master-1")
	assert.Equal(t, time.Date(2026, 11, 23, 10, 20, 0, 0, time.UTC), d.Deadline.UTC())

	require.Len(t, d.Tasks, 2)
	assert.Equal(t, "met", d.Tasks[0].State, "the latest probe of master-1-runs passed")
	assert.Equal(t, "salt-master runs on salt-master-1", d.Tasks[0].Why)
	require.NotNil(t, d.Tasks[0].MetAt)
	assert.Equal(t, "not met", d.Tasks[1].State)
	assert.Equal(t, "salt-master-1 got no True from salt-minion-2", d.Tasks[1].Why)

	require.Len(t, d.Hints, 1)
	assert.Equal(t, 1, d.Hints[0].N)
	assert.Equal(t, 2, d.Hints[0].Cost)
	assert.Equal(t, 3, d.HintsOf)

	require.Len(t, d.Actions, 2)
	assert.Equal(t, "done", d.Actions[0].State)
	assert.Equal(t, "proc-stop salt-master-1 (salt-master)", d.Actions[0].What)
	assert.Equal(t, "waiting", d.Actions[1].State)
	assert.Equal(t, "after task master-1-serves is met, then after 30s-60s", d.Actions[1].When)
	assert.Equal(t, 1, d.NextFault)
	assert.True(t, d.Console.Watching)

	require.Len(t, d.Commands, 3)
	assert.Equal(t, "salt '*' test.ping", d.Commands[0].Line)
	assert.Equal(t, 1, d.Commands[0].Exit)
	assert.Equal(t, "pkill -CONT -x salt-master", d.Commands[2].Line)

	m := d.Map
	assert.Equal(t, "probes", m.Source)
	require.Len(t, m.Masters, 2)
	assert.Equal(t, NodeView{Service: "salt-master-1", State: "down", Why: "salt-master-1 got no True from salt-minion-2", Faults: []string{"proc-stop (salt-master)"}}, m.Masters[0])
	assert.Equal(t, "unknown", m.Masters[1].State, "no probe asks salt-master-2")
	require.Len(t, m.Minions, 2)
	assert.Empty(t, m.Minions[0].ServedBy, "no ping reached it")
	assert.Equal(t, "unknown", m.Minions[0].State, "the probes do not say it is unserved")
	assert.Equal(t, "unknown", m.API.State)
}

func TestBuildConsoleQuietAndRequested(t *testing.T) {
	run, _ := readFixture(t)
	at := time.Now()
	run.Request = &state.NextFaultRequest{Action: 1, At: at}
	d := Build([]Run{run}, run.Saved.Add(ConsoleQuiet+time.Second)).Drills[0]
	assert.False(t, d.Console.Watching)
	require.NotNil(t, d.Requested)
	assert.True(t, at.Equal(*d.Requested))
}

func TestBuildMapFromTheLab(t *testing.T) {
	run, _ := readFixture(t)
	at := time.Now()
	run.Lab = &LabStatus{At: at, Report: status.Report{
		Masters: []status.MasterRow{{Service: "salt-master-1", Answers: status.AnswersNo, AnswersDetail: "no answer in 5s"}, {Service: "salt-master-2", Answers: status.AnswersYes}},
		Minions: []status.MinionRow{{Service: "salt-minion-1", ConnectedTo: []string{"salt-master-2"}}, {Service: "salt-minion-2", ConnectedTo: []string{"salt-master-1", "salt-master-2"}}},
		Checks:  []status.CheckResult{{Name: "api via nginx", Status: status.StatusOK, Detail: "HTTP 200"}},
	}}
	m := Build([]Run{run}, time.Now()).Drills[0].Map
	assert.Equal(t, "lab", m.Source)
	assert.Equal(t, []NodeView{{Service: "salt-master-1", State: "down", Why: "no answer in 5s", Faults: []string{"proc-stop (salt-master)"}}, {Service: "salt-master-2", State: "up"}}, m.Masters)
	assert.Equal(t, []string{"salt-master-1", "salt-master-2"}, m.Minions[1].ServedBy)
	assert.Equal(t, "served", m.Minions[1].State)
	assert.Equal(t, NodeView{Service: "api via nginx", State: "up", Why: "HTTP 200"}, m.API)

	run.Lab = &LabStatus{At: at, Err: "engine gone"}
	m = Build([]Run{run}, time.Now()).Drills[0].Map
	assert.Equal(t, "probes", m.Source, "a lab that did not answer leaves the probes' map")
	assert.Contains(t, m.Note, "engine gone")
}

func TestSourceSkipsWhatIsNotADrillInFlight(t *testing.T) {
	reports, drills := fixture(t)
	for _, d := range []string{"not-a-run", "20261122-021503-a1b2c3", "Bad_Name"} {
		require.NoError(t, os.MkdirAll(filepath.Join(reports, d), 0o755))
	}
	ended := filepath.Join(reports, "drill-ended-000000")
	require.NoError(t, os.MkdirAll(ended, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ended, "drill.json"), []byte(`{"drill":"second-fault","run_id":"drill-ended-000000","ended":"2026-11-23T11:00:00Z"}`), 0o644))
	fifo := filepath.Join(reports, "drill-fifo-000000")
	require.NoError(t, os.MkdirAll(fifo, 0o755))
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(fifo, "drill.json")))
	runs, problems := (&Source{Reports: reports, Drills: drills}).Read()
	require.Len(t, runs, 1)
	assert.Equal(t, fixtureRun, runs[0].Progress.RunID)
	require.Len(t, problems, 1, "a drill.json that is not a regular file is named, not read")
	assert.Contains(t, problems[0], "not a regular file")
}

// TestALongHistoryKeepsTheLearnersLaneWhole: the board holds a bounded
// tail of a long history, reads on from where it stopped as the file
// grows (a torn last line waits for its end), and keeps every learner
// entry however far back, so a long drill's lane is complete; the cost
// says from when it counts.
func TestALongHistoryKeepsTheLearnersLaneWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	start := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	entry := func(i int, process, f string) string {
		return fmt.Sprintf(`{"index":%d,"type":"invoke","time":%q,"process":%q,"f":%q}`+"\n", i, start.Add(time.Duration(i)*time.Millisecond).Format(time.RFC3339Nano), process, f)
	}
	var b strings.Builder
	b.WriteString(entry(0, state.Learner, "shell: first command"))
	n := 1
	for b.Len() < 3*historyTail {
		b.WriteString(entry(n, state.Checker, "drill master-1-serves: salt test.ping"))
		n++
	}
	b.WriteString(`{"index":` + fmt.Sprint(n) + `,"type":"ok","torn`)
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))

	var h histFile
	require.NoError(t, h.update(path))
	v := h.view()
	require.Len(t, v.Learner, 1, "the learner's first command is kept though the tail moved on")
	assert.Equal(t, "shell: first command", v.Learner[0].F)
	assert.Zero(t, v.LearnerDropped)
	assert.Equal(t, start, v.First.UTC())
	assert.True(t, v.From.After(start), "the tail starts after the history's start")
	assert.LessOrEqual(t, h.bytes, 2*historyTail, "the tail is bounded")
	assert.GreaterOrEqual(t, h.bytes, historyTail, "at least the last MiB is held")
	last := v.Tail[len(v.Tail)-1]
	assert.Equal(t, int64(n-1), last.Index, "the torn last line waits")

	// The writer ends its line and the learner types again: read on.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`"}` + "\n" + entry(n+1, state.Learner, "shell: second command"))
	require.NoError(t, err)
	require.NoError(t, f.Close())
	require.NoError(t, h.update(path))
	v = h.view()
	require.Len(t, v.Learner, 2)
	assert.Equal(t, "shell: second command", v.Learner[1].F)
	assert.Equal(t, int64(n+1), v.Tail[len(v.Tail)-1].Index)

	// A file replaced by a shorter one is read again from its start.
	require.NoError(t, os.WriteFile(path, []byte(entry(0, state.Learner, "shell: again")), 0o644))
	require.NoError(t, h.update(path))
	v = h.view()
	require.Len(t, v.Learner, 1)
	assert.Equal(t, "shell: again", v.Learner[0].F)
	assert.True(t, v.From.IsZero(), "nothing dropped: the tail is the whole history")
}

// TestCostCountsFromWhereTheBoardHolds: with the history cut, the cost
// says from when it counts and why.
func TestCostCountsFromWhereTheBoardHolds(t *testing.T) {
	run, _ := readFixture(t)
	now := run.Progress.Started.Add(2 * time.Minute)
	c := costView(run.Drill, run.Progress, run.History, now)
	assert.False(t, c.Cut)
	assert.Equal(t, run.Progress.Started, c.CountedFrom)
	h := run.History
	h.From = run.Progress.Started.Add(time.Minute)
	c = costView(run.Drill, run.Progress, h, now)
	assert.True(t, c.Cut)
	assert.Equal(t, h.From, c.CountedFrom)
	assert.Contains(t, c.Note, "the debrief counts the whole incident")
}

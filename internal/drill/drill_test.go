package drill

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
	"github.com/saltlab/saltlab/internal/lab/capacity"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/testenv"
	"github.com/saltlab/saltlab/internal/usage"
)

func TestParseLearnerLines(t *testing.T) {
	text := "1765000000.250000000\t0\tps -eo pid,stat,comm\n" +
		"garbage\n" +
		"1765000003.5\t1\tsalt-key -L\twith a tab\n" +
		"1765000004\t300\tbad exit\n" +
		"1765000005\t0\t   \n"
	lines, n := parseLearnerLines(text, "salt-master-1")
	assert.Equal(t, 5, n, "every line read is counted, kept or not")
	require.Len(t, lines, 2)
	assert.Equal(t, "ps -eo pid,stat,comm", lines[0].Line)
	assert.Equal(t, 0, lines[0].Exit)
	assert.Equal(t, time.Unix(1765000000, 250000000).UTC(), lines[0].At)
	assert.Equal(t, "salt-key -L\twith a tab", lines[1].Line)
	assert.Equal(t, 1, lines[1].Exit)
	assert.Equal(t, "salt-master-1", lines[1].Service)
}

func FuzzParseLearnerLines(f *testing.F) {
	f.Add("1765000000.25\t0\tls\n")
	f.Add("\t\t\n1e300\t0\tx\n")
	f.Fuzz(func(t *testing.T, text string) {
		lines, n := parseLearnerLines(text, "s")
		if len(lines) > n {
			t.Fatalf("%d lines kept of %d read", len(lines), n)
		}
		for _, l := range lines {
			if l.Line == "" || l.Exit < 0 || l.Exit > 255 {
				t.Fatalf("kept a bad line %+v", l)
			}
		}
	})
}

func TestProcessVerdict(t *testing.T) {
	for _, tc := range []struct {
		name, ps string
		want     state.Verdict
	}{
		{"runs", "Ss bash\nSsl salt-master\nSl salt-master\n", state.Met},
		{"real Salt: Python runs it", "Ssl /opt/saltlab/venv/bin/python3 /opt/saltlab/venv/bin/salt-master MainProcess\nSl /opt/saltlab/venv/bin/python3 /opt/saltlab/venv/bin/salt-master ReqServer\n", state.Met},
		{"real Salt, one stopped", "Ssl /usr/bin/python3 /v/bin/salt-master MainProcess\nTl /usr/bin/python3 /v/bin/salt-master Worker-1\n", state.NotMet},
		{"one stopped", "Ssl salt-master\nTl salt-master\n", state.NotMet},
		{"absent", "Ss bash\nSsl salt-api\n", state.NotMet},
		{"a longer name is another program", "Ssl salt-master-x\n", state.NotMet},
		{"a command line that only mentions it", "Ss pkill -CONT -f (^|/)salt-master([: ]|$)\n", state.NotMet},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, _ := processVerdict(tc.ps, "m", "salt-master")
			assert.Equal(t, tc.want, v)
		})
	}
}

func testDrill(t *testing.T) *spec.Drill {
	root := testenv.RepoRoot(t)
	d, err := Lint(filepath.Join(root, "drills"), root, "master-frozen")
	require.NoError(t, err)
	return d
}

// TestJudge: the score counts met tasks and takes off hints and forbidden
// actions; detect and mitigate come from the learner's commands and the
// tasks' met times; no verdict at all is unknown, never solved.
func TestJudge(t *testing.T) {
	d := testDrill(t)
	start := time.Date(2026, 12, 6, 3, 0, 0, 0, time.UTC)
	p := &state.Progress{RunID: "r", Flavor: "sim", Started: start, Hints: []int{0},
		Met:      map[string]time.Time{"master-1-runs": start.Add(40 * time.Second), "master-1-serves": start.Add(50 * time.Second)},
		Services: []string{"salt-master-1", "salt-minion-1", "salt-minion-2"}}
	line := func(at time.Duration, svc, cmd string) history.Entry {
		b, _ := json.Marshal(state.LearnerLine{At: start.Add(at), Line: cmd, Service: svc})
		return history.Entry{Type: history.OK, Process: state.Learner, Node: svc, Value: b}
	}
	h := []history.Entry{
		line(5*time.Second, "salt-minion-1", "salt-call test.ping"),
		line(20*time.Second, "salt-master-1", "ps -eo pid,stat,comm"),
		line(30*time.Second, "salt-master-1", "salt-key -D -y"),
		{Type: history.Fail, Process: state.Checker},
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
	assert.Equal(t, 1, db.FailedProbes)

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
	d := testDrill(t)
	restart := func(svc string) history.Entry {
		return history.Entry{Type: history.OK, Process: state.Learner, F: restartPrefix + svc, Node: svc}
	}
	services := []string{"salt-master-1", "salt-minion-1", "salt-minion-2"}
	assert.Empty(t, forbidden(d, services, nil, []history.Entry{restart("salt-minion-1")}))
	got := forbidden(d, services, nil, []history.Entry{restart("salt-minion-1"), restart("salt-minion-2")})
	require.Len(t, got, 1)
	assert.Equal(t, "restart-every-minion", got[0].ID)
}

// TestDebriefFiles: the debrief's text, JSON and JUnit; an unknown task is
// a JUnit error, never a pass.
func TestDebriefFiles(t *testing.T) {
	d := testDrill(t)
	dir := t.TempDir()
	db := Judge(d, &state.Progress{Flavor: "sim", Started: time.Now()}, state.Verdicts{"master-1-runs": {V: state.NotMet, Why: "stopped"}}, nil, time.Now())
	require.NoError(t, writeDebrief(dir, d, db))
	ju, err := os.ReadFile(filepath.Join(dir, JUnitName))
	require.NoError(t, err)
	assert.Contains(t, string(ju), `tests="2" failures="1" errors="1"`)
	txt, err := os.ReadFile(filepath.Join(dir, DebriefName))
	require.NoError(t, err)
	assert.Contains(t, string(txt), "the Salt double: not a real-Salt result")
	assert.True(t, strings.Contains(string(txt), "outcome: unsolved"), string(txt))
}

// TestEveryDrillLints: the catalogue's drills pass lint (schema, files,
// faults, services of their topology).
func TestEveryDrillLints(t *testing.T) {
	root := testenv.RepoRoot(t)
	names, err := spec.List(filepath.Join(root, "drills"))
	require.NoError(t, err)
	require.NotEmpty(t, names)
	for _, n := range names {
		_, err := Lint(filepath.Join(root, "drills"), root, n)
		assert.NoError(t, err, n)
	}
}

// TestPrepareRefusesWhatTheDrillDoesNotHoldFor: a flavour or a Salt line
// the drill is not written for is a usage error before any Docker work.
func TestPrepareRefusesWhatTheDrillDoesNotHoldFor(t *testing.T) {
	root := testenv.RepoRoot(t)
	o := StartOptions{Options: Options{Drills: filepath.Join(root, "drills"), Root: root}, Name: "master-frozen"}
	_, fl, err := Prepare(o)
	require.NoError(t, err)
	assert.Equal(t, "sim", fl, "the drill's first flavour")
	o.Flavor, o.SaltVersion = "real", "3009"
	_, _, err = Prepare(o)
	require.Error(t, err)
	assert.True(t, usage.Is(err))
	assert.Contains(t, err.Error(), "holds for Salt 3006, 3007, 3008, not --salt-version 3009")
	o.SaltVersion = "3007.16"
	_, _, err = Prepare(o)
	assert.NoError(t, err)
}

// TestCheckRoom: a drill the machine cannot hold beside those in flight
// is refused before any Docker work, naming them and the rule.
func TestCheckRoom(t *testing.T) {
	d := testDrill(t)
	services := []string{"key-wait", "nginx", "salt-master-1", "salt-master-2", "salt-minion-1", "salt-minion-2"}
	reports := t.TempDir()
	big := capacity.Machine{Cores: 2, Available: 20 << 30}
	require.NoError(t, checkRoom(d, services, "real", reports, big))

	for _, id := range []string{"drill-a-000001"} {
		dir := filepath.Join(reports, id)
		_, err := owned.Claim(dir, 0o755)
		require.NoError(t, err)
		require.NoError(t, runstate.Save(dir, runstate.State{RunID: id}))
		require.NoError(t, (&state.Progress{Drill: "a", RunID: id}).Save(dir))
	}
	err := checkRoom(d, services, "real", reports, big)
	require.Error(t, err)
	assert.True(t, usage.Is(err))
	assert.Contains(t, err.Error(), "1 drill(s) are running (drill-a-000001) and this machine holds 1 lab(s) of Salt real at once")
	assert.NoError(t, checkRoom(d, services, "sim", reports, big), "three labs of the double per two cores")

	err = checkRoom(d, services, "sim", t.TempDir(), capacity.Machine{Cores: 2, Available: 1 << 30})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "memory holds no more labs")
}

// TestStopWithoutLab: a drill whose lab is gone ends with every task
// unknown (never met) and its debrief written, so it no longer counts as
// in flight.
func TestStopWithoutLab(t *testing.T) {
	root := testenv.RepoRoot(t)
	reports := t.TempDir()
	id := "drill-master-frozen-abcdef"
	dir := filepath.Join(reports, id)
	_, err := owned.Claim(dir, 0o755)
	require.NoError(t, err)
	require.NoError(t, runstate.Save(dir, runstate.State{RunID: id}))
	require.NoError(t, (&state.Progress{Drill: "master-frozen", RunID: id, Started: time.Now()}).Save(dir))
	require.Equal(t, []string{id}, liveDrills(reports))

	var out strings.Builder
	db, err := StopWithoutLab(Options{Drills: filepath.Join(root, "drills"), Reports: reports}, id, assert.AnError, &out)
	require.NoError(t, err)
	assert.Equal(t, "unknown", db.Outcome)
	assert.Empty(t, liveDrills(reports))
	assert.FileExists(t, filepath.Join(dir, DebriefJSONName))
	assert.Contains(t, out.String(), "the drill's lab is gone")
}

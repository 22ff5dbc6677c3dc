package state

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/owned"
)

// TestProgressSurvivesAReopen: what the console saved reads back whole.
func TestProgressSurvivesAReopen(t *testing.T) {
	dir := t.TempDir()
	p := &Progress{Drill: "x", RunID: "r", Started: time.Now().UTC().Truncate(time.Second), Hints: []int{1}, Met: map[string]time.Time{"a": time.Now().UTC().Truncate(time.Second)}}
	require.NoError(t, p.Save(dir))
	got, err := Load(dir)
	require.NoError(t, err)
	assert.Equal(t, p, got)
}

// TestAHintTakenBesideTheConsoleIsKept: `drill hint` in a second terminal
// records its hint in the saved progress; the console's next save keeps
// it (it used to overwrite drill.json from memory), and a stop made
// elsewhere reaches the console.
func TestAHintTakenBesideTheConsoleIsKept(t *testing.T) {
	dir := runDir(t)
	console := &Progress{Drill: "x", RunID: "r", Started: time.Now().UTC()}
	require.NoError(t, console.Save(dir))
	_, err := Update(dir, func(p *Progress) { p.Hints = append(p.Hints, 1); p.Shells = append(p.Shells, "salt-master-1") })
	require.NoError(t, err)
	console.Met = map[string]time.Time{"a": time.Now().UTC()}
	require.NoError(t, console.Save(dir))
	got, err := Load(dir)
	require.NoError(t, err)
	assert.Equal(t, []int{1}, got.Hints)
	assert.Equal(t, []string{"salt-master-1"}, got.Shells)
	assert.Contains(t, got.Met, "a", "the console's own state is kept too")

	_, err = Update(dir, func(p *Progress) { p.Ended = time.Now().UTC() })
	require.NoError(t, err)
	require.NoError(t, console.Save(dir))
	assert.False(t, console.Ended.IsZero(), "the console learns the drill was stopped")
}

// TestAResetBesideTheConsoleWins: `drill reset` in a second terminal
// starts a new round on the lab; the console's next save takes the new
// round (its tasks not met, its hints none, its clock new) and keeps
// only how far it read the learner's lines; the reset's own save does
// not take the old round's hints or end.
func TestAResetBesideTheConsoleWins(t *testing.T) {
	dir := runDir(t)
	t0 := time.Now().UTC().Truncate(time.Second)
	console := &Progress{Drill: "x", RunID: "r", Started: t0, Mode: "learner", Met: map[string]time.Time{"a": t0}, LinesSeen: map[string]int{"salt-master-1": 7}}
	require.NoError(t, console.Save(dir))
	reset := &Progress{Drill: "x", RunID: "r", Started: t0.Add(time.Minute), Mode: "learner", Round: 1, LinesSeen: map[string]int{"salt-master-1": 5}}
	_, err := Update(dir, func(p *Progress) { p.Hints = []int{0}; p.Ended = t0 })
	require.NoError(t, err)
	require.NoError(t, reset.Save(dir))
	assert.Empty(t, reset.Hints, "the old round's hints stay with it")
	assert.True(t, reset.Ended.IsZero(), "the old round's end stays with it")

	console.Met["b"] = t0
	require.NoError(t, console.Save(dir))
	assert.Equal(t, 1, console.Round)
	assert.Equal(t, t0.Add(time.Minute), console.Started, "the clock starts again")
	assert.Empty(t, console.Met, "the new round's tasks are not met")
	assert.Equal(t, 7, console.LinesSeen["salt-master-1"], "lines the console recorded are not recorded again")
	got, err := Load(dir)
	require.NoError(t, err)
	assert.Equal(t, console, got)
}

func TestPendingActions(t *testing.T) {
	p := &Progress{Actions: []ActionState{{State: "done"}, {State: "failed"}}}
	assert.False(t, p.Pending())
	p.Actions = append(p.Actions, ActionState{})
	assert.True(t, p.Pending(), "an action waiting for its task")
	p.Actions[2].State = "due"
	assert.True(t, p.Pending(), "an action waiting for its moment")
}

// runDir is a run folder as saltlab makes one: marked as its own.
func runDir(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "run")
	_, err := owned.Claim(dir, 0o755)
	require.NoError(t, err)
	return dir
}

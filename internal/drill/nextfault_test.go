package drill

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/owned"
)

// twoFaults is a drill whose second and third actions wait: one for a
// task, one for a delay.
func twoFaults() *spec.Drill {
	f := &spec.Fault{Kind: "stop", Target: "salt-master-2"}
	return &spec.Drill{Name: "two", Incident: []spec.Action{
		{Fault: &spec.Fault{Kind: "proc-stop", Target: "salt-master-1", Process: "salt-master"}},
		{Fault: f, Start: &spec.Start{AfterTask: "t1"}},
		{Fault: f, Start: &spec.Start{Delay: "30s"}},
	}}
}

func TestNextPending(t *testing.T) {
	d := twoFaults()
	for _, tc := range []struct {
		name    string
		actions []state.ActionState
		want    int
	}{
		{"the first waiting action", []state.ActionState{{State: "done"}, {}, {State: "due"}}, 1},
		{"a due one counts as not started", []state.ActionState{{State: "done"}, {State: "done"}, {State: "due"}}, 2},
		{"a failed one has started", []state.ActionState{{State: "done"}, {State: "failed"}, {State: "done"}}, -1},
		{"the first action (no start) is never next", []state.ActionState{{}, {State: "done"}, {State: "done"}}, -1},
		{"a short progress is not read past its end", []state.ActionState{{State: "done"}}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, state.NextPending(d, &state.Progress{Actions: tc.actions}))
		})
	}
}

func TestRequestNextFaultIsTakenByTheConsole(t *testing.T) {
	dir := runDir(t)
	d := twoFaults()
	p := &state.Progress{Drill: "two", RunID: "drill-two-abc", Started: time.Now(), Actions: []state.ActionState{{State: "done"}, {}, {State: "due", Due: time.Now().Add(time.Hour)}}}
	require.NoError(t, p.Save(dir))

	now := time.Now()
	i, err := state.RequestNextFault(d, dir, now)
	require.NoError(t, err)
	assert.Equal(t, 1, i)
	r, err := state.ReadNextFaultRequest(dir)
	require.NoError(t, err)
	require.NotNil(t, r)
	assert.Equal(t, 1, r.Action)

	s := &Session{Drill: d, Progress: p, RunDir: dir}
	s.takeNextFaultRequest(now, io.Discard)
	assert.Equal(t, state.ActionState{State: "due", Due: now}, p.Actions[1], "due now: this tick injects it")
	assert.Equal(t, "due", p.Actions[2].State, "only the next action")
	_, err = os.Stat(filepath.Join(dir, state.NextFaultName))
	assert.ErrorIs(t, err, os.ErrNotExist, "a request is taken once")
	s.takeNextFaultRequest(now.Add(time.Second), io.Discard)
	assert.Equal(t, now, p.Actions[1].Due, "no request, no change")
}

func TestRequestNextFaultRefuses(t *testing.T) {
	d := twoFaults()
	for _, tc := range []struct {
		name string
		p    state.Progress
		want string
	}{
		{"nothing left", state.Progress{RunID: "r", Actions: []state.ActionState{{State: "done"}, {State: "done"}, {State: "done"}}}, "every incident action has started already"},
		{"ended", state.Progress{RunID: "r", Ended: time.Now(), Actions: []state.ActionState{{State: "done"}, {}, {}}}, "the drill has ended"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := runDir(t)
			require.NoError(t, tc.p.Save(dir))
			_, err := state.RequestNextFault(d, dir, time.Now())
			assert.ErrorContains(t, err, tc.want)
			_, serr := os.Stat(filepath.Join(dir, state.NextFaultName))
			assert.ErrorIs(t, serr, os.ErrNotExist)
		})
	}
}

func TestABrokenRequestIsDroppedNotFired(t *testing.T) {
	dir := runDir(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, state.NextFaultName), []byte("{not json"), 0o644))
	p := &state.Progress{Actions: []state.ActionState{{State: "done"}, {}, {}}}
	s := &Session{Drill: twoFaults(), Progress: p, RunDir: dir}
	s.takeNextFaultRequest(time.Now(), io.Discard)
	assert.Equal(t, "", p.Actions[1].State)
	_, err := os.Stat(filepath.Join(dir, state.NextFaultName))
	assert.ErrorIs(t, err, os.ErrNotExist)
}

// runDir is a run folder as saltlab makes one: marked as its own, so the
// console may remove what it wrote there.
func runDir(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "run")
	_, err := owned.Claim(dir, 0o755)
	require.NoError(t, err)
	return dir
}

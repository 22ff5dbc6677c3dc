package report

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

const scGate = "Every minion's highstate converges"

// gateHistory is a scenario with a test=True run and a highstate of two
// minions, one state failing on the second.
func gateHistory(t *testing.T) []history.Entry {
	t.Helper()
	ok, bad := new(true), new(false)
	var h []history.Entry
	add := func(minion string, typ history.Type, v history.StateApplyValue) {
		raw, err := json.Marshal(v)
		require.NoError(t, err)
		i := int64(len(h))
		at := t0.Add(time.Duration(i) * time.Second)
		h = append(h,
			history.Entry{Index: i, Type: history.Invoke, F: history.StateApplyOp, Node: minion, Process: minion, Target: minion, Scenario: scGate, Time: at},
			history.Entry{Index: i + 1, Type: typ, Pair: i, F: history.StateApplyOp, Node: minion, Process: minion, Target: minion, Scenario: scGate, Time: at, Value: raw})
	}
	add("salt-minion-1", history.OK, history.StateApplyValue{Master: "salt-master-1", Test: true, States: []history.StateRecord{
		{Key: "file_|-motd_|-/etc/motd_|-managed", ID: "motd", Comment: "The file /etc/motd is set to be changed", Changes: json.RawMessage(`{"diff":"+hello"}`)},
		{Key: "file_|-calm_|-/tmp/calm_|-managed", ID: "calm", Result: ok, Changes: json.RawMessage(`{}`)},
	}})
	add("salt-minion-1", history.OK, history.StateApplyValue{Master: "salt-master-1", States: []history.StateRecord{
		{Key: "file_|-motd_|-/etc/motd_|-managed", ID: "motd", Result: ok, Comment: "File /etc/motd updated", Changes: json.RawMessage(`{"diff":"+hello"}`)}}})
	add("salt-minion-2", history.Fail, history.StateApplyValue{Master: "salt-master-1", States: []history.StateRecord{
		{Key: "file_|-motd_|-/etc/motd_|-managed", ID: "motd", Result: ok, Changes: json.RawMessage(`{}`)},
		{Key: "cmd_|-broken_|-exit 3_|-run", ID: "broken", Result: bad, Comment: `Command "exit 3" run`, Changes: json.RawMessage(`{"retcode":3}`)}}})
	return h
}

func TestStateCasesFromTheHistory(t *testing.T) {
	states, diff := stateCases(gateHistory(t))
	var got []string
	for _, s := range states {
		got = append(got, s.Minion+" "+s.ID+" "+s.Result)
	}
	assert.Equal(t, []string{"salt-minion-1 motd true", "salt-minion-2 motd true", "salt-minion-2 broken false"}, got)
	require.Len(t, diff, 1, "only the states test=True would change")
	assert.Equal(t, "motd", diff[0].ID)
	assert.Equal(t, "null", diff[0].Result)
}

func TestARenderErrorIsACaseNamingFileAndLine(t *testing.T) {
	raw, err := json.Marshal(history.StateApplyValue{Master: "salt-master-1", Errors: []string{"Rendering SLS 'base:app' failed: x; line 4\n---\nctx"},
		Where: []string{"app.sls or app/init.sls, line 4"}})
	require.NoError(t, err)
	h := []history.Entry{
		{Index: 0, Type: history.Invoke, F: history.StateApplyOp, Node: "m", Process: "m", Target: "m", Time: t0},
		{Index: 1, Type: history.Fail, Pair: 0, F: history.StateApplyOp, Node: "m", Process: "m", Target: "m", Time: t0, Value: raw},
	}
	states, _ := stateCases(h)
	require.Len(t, states, 1)
	assert.True(t, states[0].Failed())
	assert.Equal(t, "render error in app.sls or app/init.sls, line 4: Rendering SLS 'base:app' failed: x; line 4", states[0].Key)
}

func TestEachStateIsAJUnitCase(t *testing.T) {
	ev := Evidence{History: gateHistory(t), HasHistory: true}
	sum := Summary{Run: fixtureRun(), Scenarios: []ScenarioResult{{Feature: "The CI gate", Name: scGate, Status: StatusFailed, Time: "3"}}}
	sum.finish(ev)
	require.Len(t, sum.Scenarios[0].CIDiff, 1)
	s := BuildJUnit(sum, ev, "reports/r1")
	require.Len(t, s.Suites, 1)
	su := s.Suites[0]
	assert.Equal(t, 4, su.Tests, "the scenario and its three states")
	assert.Equal(t, 2, su.Failures, "the scenario and the failed state")
	var failed *Case
	for i, c := range su.Cases {
		if c.Name == "salt-minion-2: broken" {
			failed = &su.Cases[i]
		}
	}
	require.NotNil(t, failed)
	assert.Equal(t, "The CI gate."+scGate, failed.Classname)
	require.NotNil(t, failed.Failure)
	assert.Contains(t, failed.Failure.Message, `state broken failed on salt-minion-2: Command "exit 3" run`)
	assert.Contains(t, failed.Failure.Body, `changes: {"retcode":3}`)

	var b strings.Builder
	require.NoError(t, WriteHTML(&b, sum, ev))
	assert.Contains(t, b.String(), "CI diff")
	assert.Contains(t, b.String(), "The file /etc/motd is set to be changed", "the diff's comment is in the report")
	assert.Contains(t, b.String(), `<td class="failed">false</td>`, "the failed state is marked")
}

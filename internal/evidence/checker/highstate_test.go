package checker

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

const m1 = "salt-minion-1"

// apply records one highstate of m1 served by master.
func (b *hist) apply(at float64, typ history.Type, v history.StateApplyValue) int64 {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b.op(s(at), s(1), typ, history.StateApplyOp, m1, m1, string(raw), "")
}

func st(id string, result *bool, changes string) history.StateRecord {
	return history.StateRecord{Key: "cmd_|-" + id + "_|-" + id + "_|-run", ID: id, Result: result, Comment: "ran " + id, Changes: json.RawMessage(changes)}
}

func judge(t *testing.T, name string, params any, h []history.Entry) Result {
	t.Helper()
	c, err := New(name, "scenario", "step", params)
	require.NoError(t, err)
	return Run(c, h)
}

func TestConverged(t *testing.T) {
	ok, bad := new(true), new(false)
	cases := []struct {
		name     string
		quiet    bool
		typ      history.Type
		v        history.StateApplyValue
		want     Verdict
		observed string
	}{
		{name: "every state succeeded", typ: history.OK, v: history.StateApplyValue{Master: "m1", States: []history.StateRecord{st("a", ok, `{"x":1}`)}}, want: Valid, observed: "1 state(s) succeeded"},
		{name: "a failed state is named with comment and changes", typ: history.Fail, v: history.StateApplyValue{Master: "m1", States: []history.StateRecord{st("a", ok, `{}`), st("b", bad, `{"retcode":3}`)}},
			want: Invalid, observed: `state b (cmd_|-b_|-b_|-run) failed: ran b; changes {"retcode":3}`},
		{name: "a render error names the file and line", typ: history.Fail, v: history.StateApplyValue{Master: "m1", Errors: []string{"Rendering SLS 'base:app' failed: x; line 4\n---\nctx"}, Where: []string{"app.sls or app/init.sls, line 4"}},
			want: Invalid, observed: "Salt ran no state: render error in app.sls or app/init.sls, line 4: Rendering SLS 'base:app' failed: x; line 4"},
		{name: "quiet: a change on the second run", quiet: true, typ: history.OK, v: history.StateApplyValue{Master: "m1", States: []history.StateRecord{st("a", ok, `{"retcode":0}`)}}, want: Invalid, observed: "state a (cmd_|-a_|-a_|-run) changed again"},
		{name: "quiet: nothing changed", quiet: true, typ: history.OK, v: history.StateApplyValue{Master: "m1", States: []history.StateRecord{st("a", ok, `{}`)}}, want: Valid, observed: "none changed"},
		{name: "no return at all", typ: history.Info, v: history.StateApplyValue{}, want: Unknown, observed: "no state return"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := &hist{}
			b.apply(1, c.typ, c.v)
			r := judge(t, NameConverged, HighstateParams{Minions: []string{m1}, Quiet: c.quiet}, b.h)
			assert.Equal(t, c.want, r.Verdict, r.Observed)
			assert.Contains(t, r.Observed, c.observed)
		})
	}
}

func TestConvergedTellsTestRunsApart(t *testing.T) {
	b := &hist{}
	b.apply(1, history.OK, history.StateApplyValue{Master: "m1", States: []history.StateRecord{st("a", new(true), `{}`)}})
	b.apply(2, history.OK, history.StateApplyValue{Master: "m1", Test: true, States: []history.StateRecord{st("a", nil, `{"x":1}`)}})
	r := judge(t, NameConverged, HighstateParams{Minions: []string{m1}, Quiet: true}, b.h)
	assert.Equal(t, Valid, r.Verdict, "the test run's changes are no second highstate: %s", r.Observed)
	r = judge(t, NameConverged, HighstateParams{Minions: []string{m1}, Test: true}, b.h)
	assert.Equal(t, Valid, r.Verdict, "would change is no failure: %s", r.Observed)
	b.apply(3, history.Fail, history.StateApplyValue{Master: "m1", Test: true, States: []history.StateRecord{st("a", new(false), `{}`)}})
	r = judge(t, NameConverged, HighstateParams{Minions: []string{m1}, Test: true}, b.h)
	assert.Equal(t, Invalid, r.Verdict, r.Observed)
}

func TestSameHighstate(t *testing.T) {
	ok, bad := new(true), new(false)
	cases := []struct {
		name     string
		after    []history.StateRecord
		want     Verdict
		observed string
	}{
		{name: "same results, fewer changes", after: []history.StateRecord{st("a", ok, `{}`)}, want: Valid, observed: "the same 1 state result(s)"},
		{name: "a result differs", after: []history.StateRecord{st("a", bad, `{}`)}, want: Invalid, observed: "result true from m1, false from m2"},
		{name: "a state only one master has", after: []history.StateRecord{st("a", ok, `{}`), st("z", ok, `{}`)}, want: Invalid, observed: "cmd_|-z_|-z_|-run only from m2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := &hist{}
			b.apply(1, history.OK, history.StateApplyValue{Master: "m1", States: []history.StateRecord{st("a", ok, `{"x":1}`)}})
			cut := b.apply(2, history.OK, history.StateApplyValue{Master: "m2", States: c.after})
			r := judge(t, NameSameState, SameHighstateParams{Minions: []string{m1}, Before: HighstateParams{To: cut}, After: HighstateParams{From: cut}}, b.h)
			assert.Equal(t, c.want, r.Verdict, r.Observed)
			assert.Contains(t, r.Observed, c.observed)
		})
	}
}

func TestPillarSame(t *testing.T) {
	masters := []string{"m1", "m2"}
	cases := []struct {
		name     string
		pillars  map[string]string
		want     Verdict
		observed string
	}{
		{name: "same data, other key order", pillars: map[string]string{"m1": `{"a":1,"b":2}`, "m2": `{"b":2,"a":1}`}, want: Valid, observed: "the same pillar from 2 master(s)"},
		{name: "drift", pillars: map[string]string{"m1": `{"a":1}`, "m2": `{"a":2}`}, want: Invalid, observed: `m1: {"a":1} | m2: {"a":2}`},
		{name: "one master not asked", pillars: map[string]string{"m1": `{"a":1}`}, want: Unknown, observed: "no record of pillar.items of salt-minion-1 on m2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := &hist{}
			for i, m := range masters {
				if p, ok := c.pillars[m]; ok {
					raw, _ := json.Marshal(history.PillarValue{Master: m, Pillar: json.RawMessage(p)})
					b.op(s(float64(i)), s(1), history.OK, history.PillarItemsOp, m1, m1, string(raw), "")
				}
			}
			r := judge(t, NamePillarSame, PillarSameParams{Minions: []string{m1}, Masters: masters}, b.h)
			assert.Equal(t, c.want, r.Verdict, r.Observed)
			assert.Contains(t, r.Observed, c.observed)
		})
	}
}

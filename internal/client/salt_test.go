package client

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

func anyReturn(r saltout.Returns) bool { return len(r) > 0 }

// Every Salt operation appends its invocation and then its completion,
// paired, with the outcome the output supports.
func TestClientRecordsEachOperation(t *testing.T) {
	for _, tt := range []struct {
		name   string
		out    Output
		err    error
		run    func(context.Context, Client) Outcome
		argv   []string
		f      string
		target string
		typ    history.Type
		value  string // the completion's JSON value ("" for none)
		errHas string
	}{
		{name: "salt-call ok", out: Output{Stdout: `{"local": true}`},
			run: func(ctx context.Context, c Client) Outcome {
				_, o := c.Call(ctx, "m1", 5*time.Second, SaltCall("test.ping"))
				return o
			},
			argv: []string{"timeout", "-k", "2", "5", "salt-call", "--out=json", "test.ping"}, f: "salt-call test.ping", target: "m1",
			typ: history.OK, value: `true`},
		{name: "salt-call refused", out: Output{ExitCode: 1, Stderr: "warming up\nNo master could be reached"},
			run: func(ctx context.Context, c Client) Outcome {
				_, o := c.Call(ctx, "m1", 5*time.Second, SaltCall("test.ping"))
				return o
			},
			argv: []string{"timeout", "-k", "2", "5", "salt-call", "--out=json", "test.ping"}, f: "salt-call test.ping", target: "m1",
			typ: history.Fail, errHas: "exit 1: No master could be reached"},
		{name: "salt-call timed out in the container", out: Output{ExitCode: ExitTimedOut},
			run: func(ctx context.Context, c Client) Outcome {
				_, o := c.Call(ctx, "m1", 5*time.Second, SaltCall("test.ping"))
				return o
			},
			argv: []string{"timeout", "-k", "2", "5", "salt-call", "--out=json", "test.ping"}, f: "salt-call test.ping", target: "m1",
			typ: history.Info, errHas: "salt-call test.ping on m1 timed out after 5s"},
		{name: "exec failed", err: errors.New("container is paused"),
			run:  func(ctx context.Context, c Client) Outcome { return c.Fingers(ctx, "s1", time.Second) },
			argv: []string{"timeout", "-k", "2", "1", "salt-key", "--out=json", "-F"}, f: "salt-key -F",
			typ: history.Info, errHas: "run salt-key -F on s1: container is paused"},
		{name: "salt job with returns", out: Output{Stdout: `{"m1": true}` + "\n" + `{"m2": true}`},
			run: func(ctx context.Context, c Client) Outcome {
				_, _, o := c.Job(ctx, "s1", 10*time.Second, Salt("*", 5, "test.ping"), anyReturn)
				return o
			},
			argv: []string{"timeout", "-k", "2", "10", "salt", "--out=json", "-t5", "*", "test.ping"}, f: "salt test.ping", target: "*",
			typ: history.OK, value: `{"documents":{"m1":1,"m2":1},"returns":{"m1":true,"m2":true},"exit":0}`},
		{name: "salt job nobody answered", out: Output{ExitCode: 2, Stderr: "No minions matched the target."},
			run: func(ctx context.Context, c Client) Outcome {
				_, _, o := c.Job(ctx, "s1", 10*time.Second, Salt("*", 0, "test.ping"), anyReturn)
				return o
			},
			argv: []string{"timeout", "-k", "2", "10", "salt", "--out=json", "*", "test.ping"}, f: "salt test.ping", target: "*",
			typ: history.Fail, errHas: "No minions matched the target."},
		{name: "key list", out: Output{Stdout: `{"minions": ["m1"], "minions_pre": [], "minions_rejected": [], "minions_denied": []}`},
			run: func(ctx context.Context, c Client) Outcome {
				_, o := c.Keys(ctx, "s1", time.Second)
				return o
			},
			argv: []string{"timeout", "-k", "2", "1", "salt-key", "--out=json", "-L"}, f: "salt-key -L",
			typ: history.OK, value: `{"keys":{"accepted":["m1"],"denied":[],"pending":[],"rejected":[]}}`},
		{name: "key action", out: Output{Stdout: "Key for minion m1 deleted."},
			run: func(ctx context.Context, c Client) Outcome {
				return c.KeyAction(ctx, "s1", "delete", "m1", time.Second)
			},
			argv: []string{"timeout", "-k", "2", "1", "salt-key", "--out=json", "-d", "m1", "-y"}, f: "salt-key -d", target: "m1",
			typ: history.OK, value: `{"said":"Key for minion m1 deleted."}`},
		{name: "master option", out: Output{Stdout: `{"outputter": "json", "data": 10}`},
			run: func(ctx context.Context, c Client) Outcome {
				_, o := c.MasterOption(ctx, "s1", "gather_job_timeout", time.Second)
				return o
			},
			argv: []string{"timeout", "-k", "2", "1", "salt-run", "--out=json", "config.get", "gather_job_timeout"}, f: "salt-run config.get", target: "gather_job_timeout",
			typ: history.OK},
		{name: "highstate converged", out: Output{Stdout: `{"local": {"file_|-motd_|-/etc/motd_|-managed": {"__id__": "motd", "result": true, "changes": {}, "comment": "ok", "__sls__": "motd"}}}`},
			run: func(ctx context.Context, c Client) Outcome {
				_, o := c.StateApply(ctx, "m1", "s2", false, time.Minute)
				return o
			},
			argv: []string{"timeout", "-k", "2", "60", "salt-call", "--out=json", "--master", "s2", "state.apply"}, f: history.StateApplyOp, target: "m1",
			typ: history.OK, value: `{"master":"s2","states":[{"key":"file_|-motd_|-/etc/motd_|-managed","id":"motd","sls":"motd","result":true,"comment":"ok","changes":{}}]}`},
		{name: "highstate with a failed state keeps the state as evidence", out: Output{ExitCode: 1, Stdout: `{"local": {"cmd_|-b_|-x_|-run": {"__id__": "b", "result": false, "changes": {"retcode": 3}, "comment": "Command \"x\" run"}}}`},
			run: func(ctx context.Context, c Client) Outcome {
				_, o := c.StateApply(ctx, "m1", "s1", true, time.Minute)
				return o
			},
			argv: []string{"timeout", "-k", "2", "60", "salt-call", "--out=json", "--master", "s1", "state.apply", "test=True"}, f: history.StateApplyOp, target: "m1",
			typ: history.Fail, value: `{"master":"s1","test":true,"states":[{"key":"cmd_|-b_|-x_|-run","id":"b","result":false,"comment":"Command \"x\" run","changes":{"retcode":3}}]}`,
			errHas: "exit 1: 1 state(s) failed, 0 error(s)"},
		{name: "highstate render error", out: Output{ExitCode: 1, Stdout: `{"local": ["Rendering SLS 'base:app' failed: x; line 4"]}`},
			run: func(ctx context.Context, c Client) Outcome {
				_, o := c.StateApply(ctx, "m1", "s1", false, time.Minute)
				return o
			},
			argv: []string{"timeout", "-k", "2", "60", "salt-call", "--out=json", "--master", "s1", "state.apply"}, f: history.StateApplyOp, target: "m1",
			typ: history.Fail, value: `{"master":"s1","errors":["Rendering SLS 'base:app' failed: x; line 4"],"where":["app.sls or app/init.sls, line 4"]}`, errHas: "1 error(s)"},
		{name: "highstate prints no JSON", out: Output{ExitCode: 1, Stderr: "No master could be reached"},
			run: func(ctx context.Context, c Client) Outcome {
				_, o := c.StateApply(ctx, "m1", "s1", false, time.Minute)
				return o
			},
			argv: []string{"timeout", "-k", "2", "60", "salt-call", "--out=json", "--master", "s1", "state.apply"}, f: history.StateApplyOp, target: "m1",
			typ: history.Fail, errHas: "exit 1: No master could be reached"},
		{name: "pillar from one master", out: Output{Stdout: `{"local": {"app": {"port": 8080}}}`},
			run: func(ctx context.Context, c Client) Outcome {
				_, o := c.PillarItems(ctx, "m1", "s2", time.Minute)
				return o
			},
			argv: []string{"timeout", "-k", "2", "60", "salt-call", "--out=json", "--master", "s2", "pillar.items"}, f: history.PillarItemsOp, target: "m1",
			typ: history.OK, value: `{"master":"s2","pillar":{"app":{"port":8080}}}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ex := &fakeExec{out: tt.out, err: tt.err}
			h := &memHistory{}
			o := tt.run(context.Background(), Client{Ex: ex, Rec: Recorder{History: h}})
			require.Len(t, ex.ran, 1)
			assert.Equal(t, tt.argv, ex.ran[0])
			require.Len(t, h.entries, 2)
			inv, done := h.entries[0], h.entries[1]
			assert.Equal(t, history.Invoke, inv.Type)
			assert.Equal(t, tt.f, inv.F)
			assert.Equal(t, tt.target, inv.Target)
			assert.Equal(t, inv.Node, inv.Process)
			assert.Equal(t, tt.typ, done.Type)
			assert.Equal(t, tt.typ, o.Type)
			assert.Equal(t, inv.Index, done.Pair)
			assert.Equal(t, inv.Index, o.Inv)
			assert.Equal(t, tt.f, done.F)
			if tt.value != "" {
				assert.JSONEq(t, tt.value, string(done.Value))
			}
			if tt.errHas != "" {
				assert.Contains(t, done.Error, tt.errHas)
			} else {
				assert.Empty(t, done.Error)
			}
		})
	}
}

// A history that cannot be written is warned about; the operation runs.
func TestRecorderWarnsAndStillActs(t *testing.T) {
	var ws warnings
	r := Recorder{History: &memHistory{fail: true}, Warn: ws.warn}
	acted := false
	o := r.Do(context.Background(), Op{F: "x", Node: "n"}, func(context.Context) Outcome {
		acted = true
		return Succeeded(json.RawMessage(`1`))
	})
	assert.True(t, acted)
	assert.True(t, o.OK())
	assert.Len(t, ws, 2, "one warning for the invocation, one for the completion")
}

// salt-api calls: a status is a certain failure, a deadline is unknown.
func TestRecorderAPI(t *testing.T) {
	for _, tt := range []struct {
		name string
		err  error
		typ  history.Type
	}{
		{"answered", nil, history.OK},
		{"deadline", context.DeadlineExceeded, history.Info},
		{"refused", errors.New("connection refused"), history.Fail},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := &memHistory{}
			o := Recorder{History: h}.API(context.Background(), Op{F: "api /run test.ping", Node: "host", Via: "lb"},
				func(context.Context) (any, error) { return "v", tt.err })
			assert.Equal(t, tt.typ, o.Type)
			require.Len(t, h.entries, 2)
			assert.Equal(t, "lb", h.entries[0].Via)
			assert.Equal(t, "lb", h.entries[1].Via)
		})
	}
}

// Plain commands are not recorded and leave out --out=json.
func TestPlain(t *testing.T) {
	ex := &fakeExec{out: Output{Stdout: "salt-call 3006.9 (fake)\n"}}
	v, err := Client{Ex: ex}.Plain(context.Background(), "m1", SaltCall("--version"), 30*time.Second)
	require.NoError(t, err)
	assert.Equal(t, "salt-call 3006.9 (fake)", v)
	assert.Equal(t, []string{"timeout", "-k", "2", "30", "salt-call", "--version"}, ex.ran[0])

	ex.out = Output{ExitCode: 1, Stderr: "boom"}
	_, err = Client{Ex: ex}.Plain(context.Background(), "m1", SaltCall("--version"), 30*time.Second)
	assert.ErrorContains(t, err, "salt-call --version on m1 exited 1: boom")
}

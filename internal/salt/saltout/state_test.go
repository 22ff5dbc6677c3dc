package saltout

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/states")

// stateCaptures are genuine Salt's state.apply outputs (testdata/states,
// see its README), by release and case.
func stateCaptures(t testing.TB) map[string]map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "states", "*", "*.stdout"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no captures: run testdata/states/capture")
	out := map[string]map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		rel := filepath.Base(filepath.Dir(f))
		if out[rel] == nil {
			out[rel] = map[string]string{}
		}
		out[rel][strings.TrimSuffix(filepath.Base(f), ".stdout")] = string(b)
	}
	return out
}

// summary is what the steps take from a run: per state its id, result,
// whether it changed, and the render errors; the golden files hold it.
func summary(r StateRun) string {
	var b strings.Builder
	for _, s := range r.States {
		res := "null"
		if s.Result != nil {
			res = map[bool]string{true: "true", false: "false"}[*s.Result]
		}
		b.WriteString(strings.Join([]string{s.ID, s.Module + "." + s.Function, s.Name, s.SLS, "result=" + res,
			"changed=" + map[bool]string{true: "yes", false: "no"}[s.Changed()]}, " | ") + "\n")
	}
	for _, e := range r.Errors {
		re, ok := ParseRenderError(e)
		b.WriteString("error: " + strings.SplitN(e, "\n", 2)[0] + "\n")
		if ok {
			b.WriteString("render error in " + re.Where() + ": " + re.Text + "\n")
		}
	}
	return b.String()
}

func TestParseStateRunReadsRealSalt(t *testing.T) {
	for rel, caps := range stateCaptures(t) {
		for name, out := range caps {
			t.Run(rel+"/"+name, func(t *testing.T) {
				call, err := ParseCall(out)
				require.NoError(t, err)
				r, err := ParseStateRun(call.Local)
				require.NoError(t, err)
				golden := filepath.Join("testdata", "states", rel, name+".golden")
				if *update {
					require.NoError(t, os.WriteFile(golden, []byte(summary(r)), 0o644))
				}
				want, err := os.ReadFile(golden)
				require.NoError(t, err, "run go test -update once")
				assert.Equal(t, string(want), summary(r))
			})
		}
	}
}

// What each real capture must mean to the checkers.
func TestStateRunVerdictsOnRealSalt(t *testing.T) {
	cases := []struct {
		name                 string
		converged            bool
		failed, changed, err []string // state ids, render error SLS
	}{
		{name: "examples-apply", converged: true, changed: []string{"motd", "app-dir", "app-config", "app-stamp"}},
		{name: "examples-again", converged: true},
		{name: "examples-test", converged: true, changed: []string{"motd", "app-dir", "app-config", "app-stamp"}},
		{name: "seeded-apply", failed: []string{"broken"}, changed: []string{"calm", "restless", "broken"}},
		{name: "seeded-again", failed: []string{"broken"}, changed: []string{"restless", "broken"}},
		{name: "syntax-error", err: []string{"bad"}},
		{name: "missing-pillar", err: []string{"needs"}},
	}
	for rel, caps := range stateCaptures(t) {
		for _, c := range cases {
			t.Run(rel+"/"+c.name, func(t *testing.T) {
				call, err := ParseCall(caps[c.name])
				require.NoError(t, err)
				r, err := ParseStateRun(call.Local)
				require.NoError(t, err)
				assert.Equal(t, c.converged, r.Converged())
				assert.Equal(t, c.failed, ids(r.Failed()))
				assert.Equal(t, c.changed, ids(r.Changed()))
				var sls []string
				for _, e := range r.Errors {
					re, ok := ParseRenderError(e)
					require.True(t, ok, e)
					assert.NotZero(t, re.Line, "Salt names the line: %s", e)
					sls = append(sls, re.SLS)
				}
				assert.Equal(t, c.err, sls)
			})
		}
	}
}

func ids(states []State) []string {
	var out []string
	for _, s := range states {
		out = append(out, s.ID)
	}
	return out
}

func TestParseStateRun(t *testing.T) {
	cases := []struct {
		name, in string
		wantErr  string
		want     StateRun
	}{
		{name: "render errors", in: `["Rendering SLS 'base:a' failed: x; line 2"]`, want: StateRun{Errors: []string{"Rendering SLS 'base:a' failed: x; line 2"}}},
		{name: "empty error list", in: `[]`, wantErr: "empty error list"},
		{name: "a string", in: `"nope"`, wantErr: "want a mapping"},
		{name: "bad key", in: `{"file_|-a": {"result": true}}`, wantErr: "is not module"},
		{name: "bad value", in: `{"a_|-b_|-c_|-d": 3}`, wantErr: "parse state"},
		{name: "order by run number, id and name from the fields", in: `{
			"cmd_|-x_|-y_|-run": {"__id__": "x", "name": "y", "result": false, "comment": ["one", "two"], "__run_num__": 1, "changes": {"retcode": 1}},
			"file_|-a_|-b_|-c_|-managed": {"__id__": "a_|-b", "name": "c", "result": null, "__run_num__": 0}}`,
			want: StateRun{States: []State{
				{Key: "file_|-a_|-b_|-c_|-managed", Module: "file", ID: "a_|-b", Name: "c", Function: "managed", Changes: json.RawMessage("{}")},
				{Key: "cmd_|-x_|-y_|-run", Module: "cmd", ID: "x", Name: "y", Function: "run", Result: new(false), Comment: "one\ntwo", RunNum: 1, Changes: json.RawMessage(`{"retcode": 1}`)},
			}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseStateRun(json.RawMessage(c.in))
			if c.wantErr != "" {
				require.ErrorContains(t, err, c.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

func TestParseRenderError(t *testing.T) {
	cases := []struct {
		in   string
		ok   bool
		want RenderError
	}{
		{in: "Rendering SLS 'base:web.nginx' failed: Jinja variable 'x' is undefined; line 5\n\n---\nline 99 of the file\n---", ok: true,
			want: RenderError{Env: "base", SLS: "web.nginx", Line: 5, Text: "Jinja variable 'x' is undefined; line 5"}},
		{in: "Rendering SLS 'base:bad' failed: while parsing a flow node\ndid not find expected node content\n  in \"<unicode string>\", line 6, column 1", ok: true,
			want: RenderError{Env: "base", SLS: "bad", Line: 6, Text: "while parsing a flow node"}},
		{in: "Rendering SLS 'epel' failed. Please see master log for details.", ok: true,
			want: RenderError{SLS: "epel", Text: "Please see master log for details."}},
		{in: "Rendering SLS 'app' failed, render error:\nmapping values are not allowed here; line 3", ok: true,
			want: RenderError{SLS: "app", Line: 3, Text: "mapping values are not allowed here; line 3"}},
		{in: "No matching sls found for 'x' in env 'base'"},
	}
	for _, c := range cases {
		got, ok := ParseRenderError(c.in)
		assert.Equal(t, c.ok, ok, c.in)
		assert.Equal(t, c.want, got, c.in)
	}
	assert.Equal(t, "web/nginx.sls or web/nginx/init.sls, line 5", RenderError{SLS: "web.nginx", Line: 5}.Where())
}

package saltout

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The parsers read what Salt CLIs print inside lab containers, which a
// broken or hostile minion shapes: no input may panic them, and what they
// accept must mean what the steps take it to mean. Each fuzzer checks a
// property of an accepted input besides the absence of a panic.

// ParseCall accepts exactly one document with a "local" key, and its
// Local is that key's value as the stream parser reads it.
func FuzzParseCall(f *testing.F) {
	seedReal(f, "call-test-ping", "call-local-config-get", "call-test-ping-master1-down")
	for _, s := range []string{`{"local": true}`, `{"local": {"retcode": 1}}`, "[WARNING ] x\n{\"local\": 1}", "", "{", `{"local": null}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseCall(s)
		if err != nil {
			return
		}
		require.True(t, json.Valid(r.Local), "Local is JSON: %q", r.Local)
		rets, _, err := ParseStream(s)
		require.NoError(t, err, "ParseCall accepted what ParseStream refuses")
		assert.Equal(t, compact(t, rets["local"]), compact(t, r.Local))
	})
}

// An accepted key list encodes and parses back to itself.
func FuzzParseKeyList(f *testing.F) {
	seedReal(f, "key-list")
	for _, s := range []string{`{"minions": ["a"], "minions_pre": [], "minions_rejected": [], "minions_denied": []}`, `{"minions": "a"}`, "", "[]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k, err := ParseKeyList(s)
		if err != nil {
			return
		}
		b, err := json.Marshal(k)
		require.NoError(t, err)
		again, err := ParseKeyList(string(b))
		require.NoError(t, err, "its own encoding %s", b)
		assert.Equal(t, k, again)
	})
}

// Accepted fingerprints encode and parse back to themselves.
func FuzzParseLocalFingers(f *testing.F) {
	seedReal(f, "key-finger", "key-finger-m2")
	for _, s := range []string{`{"local": {"master.pub": "ab:cd"}}`, `{"local": []}`, "", "null"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseLocalFingers(s)
		if err != nil {
			return
		}
		b, err := json.Marshal(map[string]any{"local": m})
		require.NoError(t, err)
		again, err := ParseLocalFingers(string(b))
		require.NoError(t, err, "its own encoding %s", b)
		assert.Equal(t, m, again)
	})
}

// The stream's two readers agree, and every key of a parsed stream
// appears in some document of it, with the value of the last document
// that carries it; every document's keys are in the parsed stream; the
// text lines are lines of the input; and the merged returns,
// printed as one document, parse back to themselves.
func FuzzParseStream(f *testing.F) {
	seedReal(f, "salt-test-ping", "salt-test-echo", "salt-ping-unknown-minion")
	for _, s := range []string{"{\"m1\": true}\n{\"m2\": false}\n", "Minion did not return. [No response]\n{\"m1\": true}", "{\"m1\": {\"ret\": 1, \"retcode\": 0}}", "", "}{",
		"{\"m1\": 1}\n{\"m1\": 2}\n", "\f{\n{\"m1\": true}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rets, text, err := ParseStream(s)
		counts, cerr := CountDocs(s)
		require.Equal(t, err == nil, cerr == nil, "ParseStream: %v; CountDocs: %v", err, cerr)
		if err != nil {
			return
		}
		for _, l := range text {
			assert.NotEmpty(t, l)
			assert.Equal(t, strings.TrimSpace(l), l)
			assert.Contains(t, s, l, "a text line is a line of the input")
		}
		docs, _, err := splitStream(s)
		require.NoError(t, err)
		last := map[string]json.RawMessage{}
		for _, d := range docs {
			var m map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(d, &m), "ParseStream accepted a document that is not an object: %q", d)
			for k, v := range m {
				last[k] = v
			}
		}
		require.Equal(t, keys(last), keys(rets), "the parsed keys are the documents' keys")
		require.Equal(t, keys(last), keysOf(counts), "CountDocs counts the documents' keys")
		for k, v := range rets {
			assert.GreaterOrEqual(t, counts[k], 1, "key %q", k)
			assert.Equal(t, compact(t, last[k]), compact(t, v), "key %q has the value of the last document that carries it", k)
		}
		b, err := json.Marshal(rets)
		require.NoError(t, err)
		again, _, err := ParseStream(string(b))
		require.NoError(t, err, "its own encoding %s", b)
		require.Equal(t, keys(rets), keys(again))
		// The same JSON, not the same bytes: encoding/json writes "&",
		// "<" and ">" in a string as \u0026, \u003c and \u003e.
		for k := range rets {
			assert.JSONEq(t, string(rets[k]), string(again[k]), "key %q", k)
		}
	})
}

// An accepted salt-run output is one JSON value.
func FuzzParseRunner(f *testing.F) {
	seedReal(f, "run-config-get", "run-config-get-missing")
	for _, s := range []string{`{"base": ["/srv/salt"]}`, "null", "[WARNING ] x\n{}", "", "{} {}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseRunner(s)
		if err != nil {
			return
		}
		assert.True(t, json.Valid(v), "not one JSON value: %q", v)
	})
}

// Accepted sums are sha256 digests of paths taken from the input, and
// printed again as sha256sum prints them, they parse back to themselves.
func FuzzParseSums(f *testing.F) {
	sum := "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
	for _, s := range []string{sum + "  /srv/salt/top.sls\n", `\` + sum + `  /srv/a\nb`, sum + " */x\n", "x  y", "", "\n\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sums, err := ParseSums(s)
		if err != nil {
			return
		}
		var again strings.Builder
		for path, digest := range sums {
			assert.Len(t, digest, 64)
			assert.Empty(t, strings.Trim(digest, "0123456789abcdef"), "digest %q", digest)
			assert.Contains(t, s, strings.TrimPrefix(path, `\`))
			if rest, escaped := strings.CutPrefix(path, `\`); escaped {
				fmt.Fprintf(&again, "\\%s  %s\n", digest, rest)
			} else {
				fmt.Fprintf(&again, "%s  %s\n", digest, path)
			}
		}
		back, err := ParseSums(again.String())
		require.NoError(t, err, "its own printing %q", again.String())
		assert.Equal(t, sums, back)
	})
}

func compact(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, json.Compact(&b, raw), "not JSON: %q", raw)
	return b.String()
}

func keys(m map[string]json.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func keysOf(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// seedReal adds the real-Salt captures of the named command lines
// (testdata/real/<release>/<name>.stdout) to a fuzzer's corpus.
func seedReal(f *testing.F, names ...string) {
	for _, caps := range realCaptures(f) {
		for _, n := range names {
			if out, ok := caps[n]; ok {
				f.Add(out)
			}
		}
	}
}

// An accepted state return is states or errors, never both nor neither,
// its states are in run order, and each state's key ends with its module
// and function: what the highstate checkers take a run to mean.
func FuzzParseStateRun(f *testing.F) {
	for _, caps := range stateCaptures(f) {
		for _, out := range caps {
			if c, err := ParseCall(out); err == nil {
				f.Add(string(c.Local))
			}
		}
	}
	for _, s := range []string{`[]`, `["x"]`, `{}`, `{"a_|-b_|-c_|-d": {"result": true}}`, `{"a_|-b": {}}`, `null`, `{"a_|-b_|-c_|-d": {"comment": 3}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseStateRun(json.RawMessage(s))
		if err != nil {
			return
		}
		require.True(t, len(r.Errors) == 0 || len(r.States) == 0, "states and errors at once: %+v", r)
		for i, st := range r.States {
			require.True(t, strings.HasPrefix(st.Key, st.Module+keySep) && strings.HasSuffix(st.Key, keySep+st.Function), "key %q: module %q, function %q", st.Key, st.Module, st.Function)
			if i > 0 {
				require.LessOrEqual(t, r.States[i-1].RunNum, st.RunNum)
			}
			if st.Failed() {
				require.Contains(t, r.Failed(), st)
			}
		}
	})
}

// A render error found in any text names an SLS and where to look for it.
func FuzzParseRenderError(f *testing.F) {
	for _, s := range []string{"Rendering SLS 'base:a.b' failed: x; line 3", "Rendering SLS 'p' failed. Please see master log for details.", "Rendering SLS 'a' failed, render error:\nline 4", "", "line 5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, ok := ParseRenderError(s)
		if !ok {
			require.Equal(t, RenderError{}, e)
			return
		}
		require.GreaterOrEqual(t, e.Line, 0)
		require.Len(t, e.Files(), 2)
		require.True(t, strings.HasSuffix(e.Files()[0], ".sls"))
	})
}

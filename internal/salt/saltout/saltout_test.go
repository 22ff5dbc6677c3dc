package saltout

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseCall(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		wantErr string
		check   func(t *testing.T, r CallResult)
	}{
		{name: "pretty true", in: "{\n    \"local\": true\n}\n", check: func(t *testing.T, r CallResult) {
			v, ok := r.Bool()
			assert.True(t, ok)
			assert.True(t, v)
		}},
		{name: "compact string", in: `{"local": "salt-master-2"}`, check: func(t *testing.T, r CallResult) {
			v, ok := r.String()
			assert.True(t, ok)
			assert.Equal(t, "salt-master-2", v)
		}},
		{name: "text before document", in: "[WARNING ] something\n{\"local\": false}\n", check: func(t *testing.T, r CallResult) {
			v, ok := r.Bool()
			assert.True(t, ok)
			assert.False(t, v)
		}},
		{name: "empty", in: "", wantErr: "want one JSON document, got 0"},
		{name: "no local", in: `{"m1": true}`, wantErr: `no "local" key`},
		{name: "truncated", in: `{"local": tr`, wantErr: "truncated JSON"},
		{name: "two documents", in: `{"local": 1}{"local": 2}`, wantErr: "got 2"},
		{name: "long output is quoted trimmed and clipped", in: "\n  {\"m1\": \"" + strings.Repeat("x", 400) + "\"}\n",
			wantErr: `in "{\"m1\": \"` + strings.Repeat("x", maxQuoted-9) + `…"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ParseCall(tc.in)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			tc.check(t, r)
		})
	}
}

func TestParseStream(t *testing.T) {
	noResp := "Minion did not return. [No response]\nThe minions may not have all finished running and any remaining minions will return upon completion. To look up the return data for this job later, run the following command:\n\nsalt-run jobs.lookup_jid 20261122021503123456"
	tests := []struct {
		name      string
		in        string
		responded map[string]bool
		truthy    map[string]bool
		text      []string
		wantErr   string
	}{
		{
			name:      "pretty stream",
			in:        "{\n    \"m1\": true\n}\n{\n    \"m2\": true\n}\n",
			responded: map[string]bool{"m1": true, "m2": true, "m3": false},
			truthy:    map[string]bool{"m1": true, "m2": true},
		},
		{
			name:      "compact with no response",
			in:        `{"m1": true}` + "\n" + `{"m2": ` + quote(noResp) + "}\n",
			responded: map[string]bool{"m1": true, "m2": false},
			truthy:    map[string]bool{"m1": true, "m2": false},
		},
		{
			name:      "static single document",
			in:        `{"m1": true, "m2": false}`,
			responded: map[string]bool{"m1": true, "m2": true},
			truthy:    map[string]bool{"m1": true, "m2": false},
		},
		{
			name:      "no minions matched",
			in:        "No minions matched the target. No command was sent, no jid was assigned.\n{}\n",
			responded: map[string]bool{"m1": false},
			text:      []string{"No minions matched the target. No command was sent, no jid was assigned."},
		},
		{name: "garbage after text", in: "oops\n{\"m1\": }", wantErr: "decode JSON document"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, text, err := ParseStream(tc.in)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			for m, want := range tc.responded {
				assert.Equal(t, want, r.Responded(m), "responded %s", m)
			}
			for m, want := range tc.truthy {
				assert.Equal(t, want, r.True(m), "true %s", m)
			}
			assert.Equal(t, tc.text, text)
		})
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestCountDocs(t *testing.T) {
	tests := []struct {
		name   string
		stdout string
		want   map[string]int
		err    string
	}{
		{name: "one per minion", stdout: "{\"m1\": true}\n{\"m2\": true}\n", want: map[string]int{"m1": 1, "m2": 1}},
		{name: "a minion that ran twice", stdout: "{\n    \"m1\": true\n}\n{\"m1\": true}\n{\"m2\": true}\n", want: map[string]int{"m1": 2, "m2": 1}},
		{name: "text lines are skipped", stdout: "No minions matched the target. No command was sent, no jid was assigned.\n{}\n", want: map[string]int{}},
		{name: "truncated document", stdout: "{\"m1\": tr", err: "parse salt output"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := CountDocs(tc.stdout)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

package pillar

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCompile(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		files map[string]string
		id    string
		want  string
	}{
		{name: "no top file", files: map[string]string{"a.sls": "x: 1\n"}, id: "m", want: `{}`},
		{name: "glob targets in order, later wins", id: "web1",
			files: map[string]string{"top.sls": "base:\n  '*':\n    - a\n  'web*':\n    - b\n  'db*':\n    - c\n", "a.sls": "x: 1\ny: {k: a}\n", "b.sls": "x: 2\ny: {j: b}\n", "c.sls": "x: 3\n"},
			want:  `{"x":2,"y":{"k":"a","j":"b"}}`},
		{name: "non-glob matcher never matches", id: "web1",
			files: map[string]string{"top.sls": "base:\n  'G@os:Debian':\n    - match: compound\n    - a\n", "a.sls": "x: 1\n"},
			want:  `{}`},
		{name: "relative include and include cycle", id: "m",
			files: map[string]string{"top.sls": "base:\n  '*':\n    - app.main\n", "app/main.sls": "include:\n  - .extra\nx: 1\n", "app/extra.sls": "include:\n  - app.main\ny: 2\n"},
			want:  `{"y":2,"x":1}`},
		{name: "empty sls is fine", id: "m", files: map[string]string{"top.sls": "base:\n  '*':\n    - e\n", "e.sls": ""}, want: `{}`},
		{name: "non-mapping sls is an error", id: "m", files: map[string]string{"top.sls": "base:\n  '*':\n    - l\n", "l.sls": "- a\n"},
			want: `{"_errors":["SLS 'l' does not render to a dictionary"]}`},
		{name: "templated top file", id: "m", files: map[string]string{"top.sls": "{% if true %}base: {}{% endif %}\n"},
			want: `{"_errors":["Rendering SLS 'top' failed, render error: the Salt double does not model Jinja templates in pillar SLS files; run with --salt real, or write pillar SLS files as plain YAML"]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for name, body := range tc.files {
				p := filepath.Join(dir, name)
				require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
				require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
			}
			b, err := json.Marshal(Compile([]string{dir}, tc.id))
			require.NoError(t, err)
			assert.JSONEq(t, tc.want, string(b))
		})
	}
}

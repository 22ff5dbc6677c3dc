package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	}
}

// §4.3 INFER: in hot mode each master connection has its own pillar and
// file server, so divergent pillar_roots/file_roots give divergent results
// depending on which master published the job.
func TestHotModeDivergentPillarAndFiles(t *testing.T) {
	t.Parallel()
	root := simtest.TempDir(t)
	var mods []map[string]any
	for i := range 2 {
		dir := filepath.Join(root, fmt.Sprint("roots", i+1))
		writeTree(t, filepath.Join(dir, "pillar"), map[string]string{
			"top.sls":    "base:\n  '*':\n    - common\n",
			"common.sls": fmt.Sprintf("role: master-%d\nnested:\n  a: %d\n", i+1, i+1),
		})
		writeTree(t, filepath.Join(dir, "files"), map[string]string{"motd": fmt.Sprintf("served by master-%d\n", i+1)})
		mods = append(mods, map[string]any{
			"pillar_roots": map[string]any{"base": []any{filepath.Join(dir, "pillar")}},
			"file_roots":   map[string]any{"base": []any{filepath.Join(dir, "files")}},
		})
	}
	d := newDuo(t, true, mods...)
	d.startHot(t, "hot")

	for i := range 2 {
		want := fmt.Sprintf("master-%d", i+1)
		res := d.salt(t, i, "-t", "10", "hot", "pillar.get", "role")
		assert.Equal(t, fmt.Sprintf("{\"hot\": %q}\n", want), res.stdout, res.stderr)
		res = d.salt(t, i, "-t", "10", "hot", "pillar.get", "nested:a")
		assert.Equal(t, fmt.Sprintf("{\"hot\": %d}\n", i+1), res.stdout, res.stderr)
		res = d.salt(t, i, "-t", "10", "hot", "cp.get_file_str", "salt://motd")
		assert.Equal(t, fmt.Sprintf("{\"hot\": \"served by %s\\n\"}\n", want), res.stdout, res.stderr)
	}
}

func TestSaltCallModules(t *testing.T) {
	t.Parallel()
	pillarFiles := map[string]string{
		"top.sls":      "base:\n  '*':\n    - common\n  'm1':\n    - web\n  'other*':\n    - secret\n",
		"common.sls":   "include:\n  - .shared\nrole: base\nusers:\n  alice: 1\n",
		"shared.sls":   "shared: yes\n",
		"web/init.sls": "role: web\nusers:\n  bob: 2\n",
		"secret.sls":   "secret: s3cret\n",
	}
	tests := []struct {
		name    string
		pillar  map[string]string
		files   map[string]string
		args    []string
		mods    map[string]any
		code    int
		stdout  string
		stdoutF func(f *callFixture) string
	}{
		{name: "pillar.items: top globs, include, recursive merge", pillar: pillarFiles, args: []string{"pillar.items"},
			stdout: `{"local": {"shared": true, "role": "web", "users": {"alice": 1, "bob": 2}}}`},
		{name: "pillar.get nested path", pillar: pillarFiles, args: []string{"pillar.get", "users:bob"}, stdout: `{"local": 2}`},
		{name: "pillar.get missing key → default", pillar: pillarFiles, args: []string{"pillar.get", "nope", "fallback"}, stdout: `{"local": "fallback"}`},
		{name: "pillar.get missing key → empty string", pillar: pillarFiles, args: []string{"pillar.get", "secret"}, stdout: `{"local": ""}`},
		{name: "pillar.item", pillar: pillarFiles, args: []string{"pillar.item", "role", "nope"}, stdout: `{"local": {"role": "web", "nope": ""}}`},
		{name: "no pillar_roots content → empty pillar", args: []string{"pillar.items"}, stdout: `{"local": {}}`},
		{name: "jinja is reported as a render error", pillar: map[string]string{"top.sls": "base:\n  '*':\n    - j\n", "j.sls": "role: {{ grains['id'] }}\n"},
			args:   []string{"pillar.items"},
			stdout: `{"local": {"_errors": ["Rendering SLS 'j' failed, render error: the Salt double does not model Jinja templates in pillar SLS files; run with --salt real, or write pillar SLS files as plain YAML"]}}`},
		{name: "missing sls is reported", pillar: map[string]string{"top.sls": "base:\n  '*':\n    - gone\n"}, args: []string{"pillar.items"},
			stdout: `{"local": {"_errors": ["Specified SLS 'gone' in environment 'base' is not available on the salt master"]}}`},
		{name: "cp.get_file_str", files: map[string]string{"a/b.txt": "hello\n"}, args: []string{"cp.get_file_str", "salt://a/b.txt"}, stdout: `{"local": "hello\n"}`},
		{name: "cp.get_file_str missing → False", args: []string{"cp.get_file_str", "salt://nope"}, stdout: `{"local": false}`},
		{name: "cp.get_file_str cannot escape file_roots", files: map[string]string{"x": "x"}, args: []string{"cp.get_file_str", "salt://../../etc/passwd"}, stdout: `{"local": false}`},
		{name: "cp.hash_file", files: map[string]string{"a/b.txt": "hello\n"}, args: []string{"cp.hash_file", "salt://a/b.txt"},
			stdout: `{"local": {"hash_type": "sha256", "hsum": "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03"}}`},
		{name: "cp.hash_file missing → {}", args: []string{"cp.hash_file", "salt://nope"}, stdout: `{"local": {}}`},
		{name: "key.finger_master is the cached master key's fingerprint", args: []string{"key.finger_master"},
			stdoutF: func(f *callFixture) string {
				return fmt.Sprintf(`{"local": %q}`, pki.FingerFile(filepath.Join(f.master.Opts.Str("pki_dir"), "master.pub")))
			}},
		{name: "salt-call --local reads the minion's own roots", args: []string{"--local", "pillar.get", "role"}, mods: map[string]any{"master": "nowhere"},
			stdout: `{"local": "mine"}`},
		{name: "grains.item shape", args: []string{"grains.item", "os", "osrelease", "nope"}, stdout: `{"local": {"os": "Debian", "osrelease": "12", "nope": ""}}`},
		{name: "test.version", args: []string{"test.version"}, stdout: `{"local": "3006.9"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := simtest.TempDir(t)
			pr, fr := filepath.Join(root, "pillar"), filepath.Join(root, "files")
			writeTree(t, pr, tc.pillar)
			writeTree(t, fr, tc.files)
			f := newCallFixture(t, map[string]any{
				"pillar_roots": map[string]any{"base": []any{pr}},
				"file_roots":   map[string]any{"base": []any{fr}},
			})
			local := filepath.Join(root, "local-pillar")
			writeTree(t, local, map[string]string{"top.sls": "base:\n  '*':\n    - l\n", "l.sls": "role: mine\n"})
			mods := map[string]any{"pillar_roots": map[string]any{"base": []any{local}}}
			for k, v := range tc.mods {
				mods[k] = v
			}
			if tc.name == "key.finger_master is the cached master key's fingerprint" {
				require.Equal(t, 0, f.call(t, mods, "test.ping").code) // caches minion_master.pub
			}
			res := f.call(t, mods, append([]string{"--out=json", "--out-indent=-1"}, tc.args...)...)
			assert.Equal(t, tc.code, res.code, res.stderr)
			want := tc.stdout
			if tc.stdoutF != nil {
				want = tc.stdoutF(f)
			}
			assert.Equal(t, want+"\n", res.stdout, res.stderr)
		})
	}
}

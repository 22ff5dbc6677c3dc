package saltdist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images/saltdist/saltdisttest"
	"github.com/saltlab/saltlab/internal/testenv"
)

// scriptedPip answers pip command lines from a table; the first rule whose
// key occurs in the command line wins. It also creates the wheels a real
// pip would have written.
type scriptedPip struct {
	t     *testing.T
	rules []pipRule
	calls []string
}

type pipRule struct {
	match  string
	out    string
	fail   bool
	writes []string // wheel files created in --wheel-dir/--dest
}

func (s *scriptedPip) run(_ context.Context, argv []string) (string, error) {
	line := strings.Join(argv, " ")
	s.calls = append(s.calls, line)
	for i, r := range s.rules {
		if !strings.Contains(line, r.match) {
			continue
		}
		dir := flagValue(argv, "--wheel-dir", "--dest")
		for _, w := range r.writes {
			require.NoError(s.t, os.WriteFile(filepath.Join(dir, w), []byte("wheel"), 0o644))
		}
		s.rules = append(s.rules[:i:i], s.rules[i+1:]...) // each rule answers once
		if r.fail {
			return r.out, errors.New("exit status 1")
		}
		return r.out, nil
	}
	s.t.Fatalf("unexpected pip call: %s", line)
	return "", nil
}

func flagValue(argv []string, names ...string) string {
	for i, a := range argv {
		for _, n := range names {
			if a == n && i+1 < len(argv) {
				return argv[i+1]
			}
		}
	}
	return ""
}

func TestPrepareScripted(t *testing.T) {
	v, _ := ParseVersion("3008.5")
	tgt := ImageTarget("amd64")
	missing := "ERROR: Could not find a version that satisfies the requirement %s (from salt==3008.5) (from versions: none)\nERROR: No matching distribution found for %s\n"
	tests := []struct {
		name  string
		rules []pipRule
		err   string
		files []string
	}{
		{
			name: "every dependency has a wheel",
			rules: []pipRule{
				{match: "wheel --no-deps", writes: []string{"salt-3008.5-py3-none-any.whl"}},
				{match: "download", writes: []string{"pyzmq-27.0.0-cp311-cp311-manylinux_2_28_x86_64.whl", "cherrypy-18.10.0-py3-none-any.whl"}},
			},
			files: []string{"cherrypy-18.10.0-py3-none-any.whl", "pyzmq-27.0.0-cp311-cp311-manylinux_2_28_x86_64.whl", "salt-3008.5-py3-none-any.whl"},
		},
		{
			name: "a pure dependency without a wheel is built on the host",
			rules: []pipRule{
				{match: "wheel --no-deps --wheel-dir", writes: []string{"salt-3008.5-py3-none-any.whl"}},
				{match: "download", fail: true, out: fmt.Sprintf(missing, "contextvars", "contextvars")},
				{match: "contextvars", writes: []string{"contextvars-2.4-py3-none-any.whl"}},
				{match: "download", writes: []string{"cherrypy-18.10.0-py3-none-any.whl"}},
			},
			files: []string{"cherrypy-18.10.0-py3-none-any.whl", "contextvars-2.4-py3-none-any.whl", "salt-3008.5-py3-none-any.whl"},
		},
		{
			name: "a compiled dependency without a wheel is refused",
			rules: []pipRule{
				{match: "wheel --no-deps --wheel-dir", writes: []string{"salt-3008.5-py3-none-any.whl"}},
				{match: "download", fail: true, out: fmt.Sprintf(missing, "immutables", "immutables")},
				{match: "immutables", writes: []string{"immutables-0.21-cp313-cp313-linux_x86_64.whl"}},
			},
			err: "immutables has no wheel for the image's Python (cp311-x86_64): build the wheel of immutables: immutables-0.21-cp313-cp313-linux_x86_64.whl is not pure Python",
		},
		{
			name: "unknown release",
			rules: []pipRule{
				{match: "wheel --no-deps", fail: true, out: "ERROR: Could not find a version that satisfies the requirement salt==3008.5 (from versions: 3007.1)\nERROR: No matching distribution found for salt==3008.5\n"},
			},
			err: "build the wheel of salt==3008.5 (pip wheel) failed:\n    ERROR: Could not find a version that satisfies the requirement salt==3008.5 (from versions: 3007.1)",
		},
		{
			name: "index unreachable",
			rules: []pipRule{
				{match: "wheel --no-deps", fail: true, out: mustRead(t, "pip-unreachable.txt")},
			},
			err: "cannot reach the package index pip is configured for",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sp := &scriptedPip{t: t, rules: tc.rules}
			dir := filepath.Join(t.TempDir(), "wh")
			err := Prepare(context.Background(), NewPip([]string{"python3", "-m", "pip"}, sp.run), dir, v, tgt)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				assert.NoDirExists(t, dir, "a failed preparation leaves no wheelhouse")
				assert.NoDirExists(t, dir+".partial")
				return
			}
			require.NoError(t, err)
			assert.True(t, Complete(dir, v, tgt))
			m := readManifest(t, dir)
			assert.Equal(t, tc.files, m.Files)
			assert.Empty(t, sp.rules, "every scripted pip call happened")
			for _, c := range sp.calls {
				if strings.Contains(c, " download ") {
					assert.Contains(t, c, "--python-version 3.11 --implementation cp --abi cp311")
					assert.Contains(t, c, "--platform manylinux_2_36_x86_64")
					assert.Contains(t, c, "--platform manylinux2014_x86_64")
					assert.True(t, strings.HasSuffix(c, "salt==3008.5 CherryPy"), c)
				}
			}
		})
	}
}

func TestCompleteAndPickFrom(t *testing.T) {
	v, _ := ParseVersion("3008.5")
	tgt := ImageTarget("amd64")
	dir := t.TempDir()
	assert.False(t, Complete(dir, v, tgt), "no manifest")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "salt-3008.5-py3-none-any.whl"), nil, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "salt-3007.14.tar.gz"), nil, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "saltfoo-1.0-py3-none-any.whl"), nil, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, ManifestFile), []byte(`{"salt":"3008.5","target":"cp311-x86_64","files":["salt-3008.5-py3-none-any.whl","gone.whl"]}`), 0o644))
	assert.False(t, Complete(dir, v, tgt), "a listed file is missing")
	require.NoError(t, os.WriteFile(filepath.Join(dir, ManifestFile), []byte(`{"salt":"3008.5","target":"cp311-x86_64","files":["salt-3008.5-py3-none-any.whl"]}`), 0o644))
	assert.True(t, Complete(dir, v, tgt))
	assert.False(t, Complete(dir, v, ImageTarget("arm64")), "another target")

	for spec, want := range map[string]string{"3008": "3008.5", "3007": "3007.14", "3008.5": "3008.5"} {
		s, _ := ParseSpec(spec)
		got, err := PickFrom(dir, s)
		require.NoError(t, err, spec)
		assert.Equal(t, want, got.String(), spec)
	}
	s, _ := ParseSpec("3006")
	_, err := PickFrom(dir, s)
	assert.EqualError(t, err, "wheelhouse "+dir+" has no Salt 3006 (only Salt 3008.5, 3007.14): prepare it with `saltlab wheelhouse --salt-version 3006 --dir "+dir+"` on a machine that reaches the package index")
	empty := t.TempDir()
	_, err = PickFrom(empty, s)
	assert.ErrorContains(t, err, "has no Salt 3006 (no Salt wheel or source archive at all)")
	_, err = PickFrom(filepath.Join(empty, "nope"), s)
	assert.ErrorContains(t, err, "read wheelhouse")
}

// TestPrepareRealPip runs the host's real pip against a package index made
// of stand-in wheels in a temp folder (no network): the command lines must
// fetch Salt, its dependencies and CherryPy for the image's CPython 3.11,
// not for the host's interpreter.
func TestPrepareRealPip(t *testing.T) {
	testenv.Pip(t)
	idx := t.TempDir()
	saltdisttest.WriteIndex(t, idx, map[string][]saltdisttest.Wheel{
		"salt": {
			{File: "salt-3008.4-py3-none-any.whl", Requires: []string{"fakezmq"}},
			{File: "salt-3008.5-py3-none-any.whl", Requires: []string{"fakezmq>=2"}},
		},
		"fakezmq": {
			{File: "fakezmq-2.0-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl"},
			{File: "fakezmq-2.0-cp399-cp399-manylinux_2_17_x86_64.whl"},
			{File: "fakezmq-2.1-cp399-cp399-manylinux_2_17_x86_64.whl"}, // newer, but not for the image
		},
		"cherrypy": {{File: "CherryPy-18.10.0-py3-none-any.whl"}},
	})
	t.Setenv("PIP_CONFIG_FILE", os.DevNull)
	t.Setenv("PIP_FIND_LINKS", "")
	t.Setenv("PIP_INDEX_URL", "file://"+idx+"/simple")
	ctx := context.Background()
	p, err := FindPip(ctx, nil)
	require.NoError(t, err)

	rel, err := p.Releases(ctx)
	require.NoError(t, err)
	spec, _ := ParseSpec("3008")
	v, err := spec.Resolve(rel)
	require.NoError(t, err)
	assert.Equal(t, "3008.5", v.String())

	dir := filepath.Join(t.TempDir(), "wh")
	require.NoError(t, Prepare(ctx, p, dir, v, ImageTarget("amd64")))
	assert.Equal(t, []string{
		"CherryPy-18.10.0-py3-none-any.whl",
		"fakezmq-2.0-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
		"salt-3008.5-py3-none-any.whl",
	}, readManifest(t, dir).Files)

	missing := filepath.Join(t.TempDir(), "wh")
	v9, _ := ParseVersion("3008.9")
	err = Prepare(ctx, p, missing, v9, ImageTarget("amd64"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "No matching distribution found for salt==3008.9")
}

func readManifest(t *testing.T, dir string) Manifest {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	require.NoError(t, err)
	var m Manifest
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

func mustRead(t *testing.T, name string) string {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return string(b)
}

package runstate

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/usage"
)

func TestSaveLoadList(t *testing.T) {
	root := t.TempDir()
	none, err := List(root)
	require.NoError(t, err)
	assert.Empty(t, none)

	old := State{RunID: "r-old", Project: "p1", Started: time.Unix(100, 0).UTC(), Env: map[string]string{"A": "1"}}
	newer := State{RunID: "r-new", Project: "p2", Started: time.Unix(200, 0).UTC()}
	require.NoError(t, Save(Dir(root, old.RunID), old))
	require.NoError(t, Save(Dir(root, newer.RunID), newer))
	require.NoError(t, os.MkdirAll(filepath.Join(root, "not-a-run"), 0o755))

	got, err := Load(Dir(root, "r-old"))
	require.NoError(t, err)
	assert.Equal(t, old, got)
	fi, err := os.Stat(filepath.Join(Dir(root, "r-old"), StateFile))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "run.json names where the run's secrets are")

	all, err := List(root)
	require.NoError(t, err)
	require.Len(t, all, 2)
	assert.Equal(t, "r-new", all[0].RunID)

	_, err = Load(Dir(root, "missing"))
	assert.ErrorContains(t, err, "load run state")
}

func TestPick(t *testing.T) {
	root := t.TempDir()
	a := State{RunID: "run-a", Topology: "hot", Started: time.Date(2026, 11, 23, 1, 0, 0, 0, time.UTC)}
	b := State{RunID: "run-b", Topology: "failover", Started: time.Date(2026, 11, 23, 2, 0, 0, 0, time.UTC)}
	done := State{RunID: "run-done", Started: time.Date(2026, 11, 23, 3, 0, 0, 0, time.UTC)}
	for _, s := range []State{a, b, done} {
		require.NoError(t, Save(Dir(root, s.RunID), s))
	}
	tests := []struct {
		name      string
		id        string
		live      map[string]string
		want      string
		wantErr   []string
		wantUsage bool
	}{
		{name: "the only live run", live: map[string]string{"run-a": "detached", "elsewhere": "x"}, want: "run-a"},
		{name: "none live", live: map[string]string{}, wantErr: []string{"no live saltlab run under " + root, "start one with `saltlab up`"}},
		{name: "several live", live: map[string]string{"run-a": "", "run-b": ""}, wantUsage: true,
			wantErr: []string{"2 live runs under " + root + "; choose one with --run ID", "run-a  topology hot, started 2026-11-23 01:00:00", "run-b  topology failover"}},
		{name: "named, not newest", id: "run-a", live: map[string]string{"run-a": "", "run-b": ""}, want: "run-a"},
		{name: "named, finished", id: "run-done", want: "run-done"},
		{name: "named, run.json lost but live", id: "run-lost", live: map[string]string{"run-lost": ""}, want: "run-lost"},
		{name: "named, nothing", id: "run-none", live: map[string]string{"run-b": ""},
			wantErr: []string{"find run run-none: no run.json under " + root + " and no lab on this engine carries that id; live runs:", "run-b  topology failover"}},
		{name: "path traversal", id: "../../etc", wantUsage: true, wantErr: []string{`invalid run id "../../etc"`}},
		{name: "upper case", id: "Run-A", wantUsage: true, wantErr: []string{"invalid run id"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Pick(root, tt.id, tt.live)
			if len(tt.wantErr) == 0 {
				require.NoError(t, err)
				assert.Equal(t, tt.want, got.RunID)
				return
			}
			for _, w := range tt.wantErr {
				assert.ErrorContains(t, err, w)
			}
			assert.Equal(t, tt.wantUsage, usage.Is(err), "usage error: %v", err)
		})
	}
}

func TestPrivateRoot(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	got, err := PrivateRoot(env(map[string]string{"HOME": "/home/u"}))
	require.NoError(t, err)
	assert.Equal(t, "/home/u/.local/state/saltlab", got)
	got, err = PrivateRoot(env(map[string]string{"HOME": "/home/u", "XDG_STATE_HOME": "/x"}))
	require.NoError(t, err)
	assert.Equal(t, "/x/saltlab", got)
	got, err = PrivateRoot(env(map[string]string{"HOME": "/home/u", StateDirVar: "/s"}))
	require.NoError(t, err)
	assert.Equal(t, "/s", got)
	_, err = PrivateRoot(env(nil))
	assert.ErrorContains(t, err, "set SALTLAB_STATE_DIR, XDG_STATE_HOME or HOME")

	root := filepath.Join(t.TempDir(), "state")
	dir, err := MakePrivate(root, "run-a", "")
	require.NoError(t, err)
	fi, err := os.Stat(dir)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
	_, err = MakePrivate(root, "run-a", "")
	assert.ErrorContains(t, err, "create private run dir", "a run id is used once")
	require.NoError(t, RemovePrivate(dir))
	assert.NoDirExists(t, dir)
	require.NoError(t, RemovePrivate(dir), "already gone is fine")
}

// TestPickLive: the commands that act on a lab refuse a run whose lab is
// gone, naming every live run (those without a run.json here too).
func TestPickLive(t *testing.T) {
	root := t.TempDir()
	gone := State{RunID: "run-gone", Topology: "syndic", Started: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	up := State{RunID: "run-up", Topology: "failover-pki", Started: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)}
	for _, s := range []State{gone, up} {
		require.NoError(t, Save(Dir(root, s.RunID), s))
	}
	tests := []struct {
		name    string
		id      string
		live    map[string]string
		want    string
		wantErr []string
	}{
		{name: "a live run", id: "run-up", live: map[string]string{"run-up": ""}, want: "run-up"},
		{name: "live, its run.json elsewhere", id: "run-far", live: map[string]string{"run-far": ""}, want: "run-far"},
		{name: "its lab removed", id: "run-gone", live: map[string]string{"run-up": "", "run-far": ""},
			wantErr: []string{"find run run-gone: its lab is no longer on this engine (finished or removed), so there is nothing to act on; live runs:",
				"run-up  topology failover-pki, started 2026-12-01 10:00:00", "run-far  (no run.json under " + root + ")"}},
		{name: "its lab removed, none live", id: "run-gone", live: map[string]string{},
			wantErr: []string{"its lab is no longer on this engine", "no saltlab lab is on this engine"}},
		{name: "never heard of", id: "run-what", live: map[string]string{"run-far": ""},
			wantErr: []string{"find run run-what: no run.json under " + root + " and no lab on this engine carries that id; live runs:", "run-far"}},
		{name: "without an id, the only live one", live: map[string]string{"run-up": ""}, want: "run-up"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PickLive(root, tt.id, tt.live)
			if len(tt.wantErr) == 0 {
				require.NoError(t, err)
				assert.Equal(t, tt.want, got.RunID)
				return
			}
			for _, w := range tt.wantErr {
				assert.ErrorContains(t, err, w)
			}
			assert.False(t, usage.Is(err), "a run that is gone is no typing mistake: exit 1")
		})
	}
	assert.Equal(t, "live runs:\n  run-a\n  run-b", LiveList("", map[string]string{"run-b": "", "run-a": ""}), "without a reports dir, ids only")
}

func TestLabName(t *testing.T) {
	for _, tc := range []struct {
		name  string
		parts []string
		want  string
	}{
		{"a run's only lab keeps the plain name", []string{"faults", ""}, "faults"},
		{"a lab of several suffixes its name", []string{"faults", "lab2"}, "faults-lab2"},
		{"a lab of several prefixes its name", []string{"lab2", "salt-master-1"}, "lab2-salt-master-1"},
		{"a run's only lab adds no prefix", []string{"", "salt-master-1"}, "salt-master-1"},
		{"names with dashes are kept whole", []string{"saltlab-failover-r1", "lab10"}, "saltlab-failover-r1-lab10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, LabName(tc.parts...))
		})
	}
	assert.Equal(t, LedgerFile, LedgerName(""), "a run's only lab keeps faults.jsonl")
	assert.Equal(t, "faults-lab2.jsonl", LedgerName("lab2"))
}

// TestPrivateRootOfAnOlderSaltlab: a state folder an older saltlab left
// (no markers; private dirs of runs whose labs leaked) is taken as
// saltlab's, so `down --all` can clean it; one with anything else in it
// stays the user's, refused, and nothing is marked.
func TestPrivateRootOfAnOlderSaltlab(t *testing.T) {
	legacy := func(t *testing.T) string {
		root := filepath.Join(t.TempDir(), "state")
		one := filepath.Join(root, "drill-all-masters-frozen-88655d")
		require.NoError(t, os.MkdirAll(filepath.Join(one, ConfigDir, "master.d-1"), 0o700))
		require.NoError(t, os.WriteFile(filepath.Join(one, APIPasswordFile), []byte("pw"), 0o600))
		require.NoError(t, os.WriteFile(filepath.Join(one, ConfigDir, "master.d-1", "zz-saltlab-set.conf"), []byte("x: 1\n"), 0o644))
		lab := filepath.Join(root, "20261206-024500-abcdef", "lab2")
		require.NoError(t, os.MkdirAll(lab, 0o700))
		require.NoError(t, os.WriteFile(filepath.Join(lab, APIPasswordFile), []byte("pw"), 0o600))
		return root
	}
	env := func(root string) func(string) string {
		return func(k string) string {
			if k == StateDirVar {
				return root
			}
			return ""
		}
	}
	root := legacy(t)
	got, err := PrivateRoot(env(root))
	require.NoError(t, err)
	assert.Equal(t, root, got)
	dirs, others, err := PrivateDirs(root)
	require.NoError(t, err)
	assert.Len(t, dirs, 2, "both private dirs are saltlab's now")
	assert.Empty(t, others)
	for _, d := range dirs {
		require.NoError(t, RemovePrivate(d))
	}

	for name, extra := range map[string]func(root string){
		"a file of the user's": func(root string) {
			require.NoError(t, os.WriteFile(filepath.Join(root, "notes.txt"), []byte("mine"), 0o644))
		},
		"a folder not named as a run": func(root string) {
			require.NoError(t, os.MkdirAll(filepath.Join(root, "My Photos"), 0o755))
		},
		"a private dir holding more": func(root string) {
			require.NoError(t, os.WriteFile(filepath.Join(root, "drill-all-masters-frozen-88655d", "thesis.tex"), []byte("mine"), 0o644))
		},
	} {
		t.Run(name, func(t *testing.T) {
			root := legacy(t)
			extra(root)
			_, err := PrivateRoot(env(root))
			assert.ErrorContains(t, err, root+" holds files saltlab did not put there")
			assert.True(t, usage.Is(err))
			assert.NoFileExists(t, filepath.Join(root, owned.Marker), "nothing was marked")
			assert.NoFileExists(t, filepath.Join(root, "drill-all-masters-frozen-88655d", owned.Marker))
		})
	}
}

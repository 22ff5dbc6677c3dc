package knobs_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/roles"
)

func TestParseSets(t *testing.T) {
	tests := []struct {
		name    string
		pairs   []string
		want    knobs.Overrides
		wantErr string
	}{
		{name: "int and float", pairs: []string{"minion.master_alive_interval=5", "master.timeout=2.5"},
			want: knobs.Overrides{knobs.Minion: {"master_alive_interval": 5}, knobs.Master: {"timeout": 2.5}}},
		{name: "list and bool", pairs: []string{"minion.master=[a, b]", "master.auto_accept=false"},
			want: knobs.Overrides{knobs.Minion: {"master": []any{"a", "b"}}, knobs.Master: {"auto_accept": false}}},
		{name: "later wins", pairs: []string{"minion.auth_timeout=3", "minion.auth_timeout=4"},
			want: knobs.Overrides{knobs.Minion: {"auth_timeout": 4}}},
		{name: "unknown prefix", pairs: []string{"syndic.foo=1"}, wantErr: `unknown prefix "syndic": the key must start with "minion." or "master."`},
		{name: "no prefix", pairs: []string{"timeout=1"}, wantErr: `unknown prefix "timeout"`},
		{name: "no equals", pairs: []string{"minion.timeout"}, wantErr: "want KEY=VALUE"},
		{name: "bad option", pairs: []string{"minion.Bad-Name=1"}, wantErr: `invalid Salt option name "Bad-Name"`},
		// docs/commands.md: dotted names are module settings and pass.
		{name: "dotted module setting", pairs: []string{"master.mysql.host=db1", "minion.keys.cache_driver=localfs_key"},
			want: knobs.Overrides{knobs.Master: {"mysql.host": "db1"}, knobs.Minion: {"keys.cache_driver": "localfs_key"}}},
		{name: "empty dotted word", pairs: []string{"master.mysql..host=db1"}, wantErr: `invalid Salt option name "mysql..host"`},
		{name: "trailing dot", pairs: []string{"master.mysql.=db1"}, wantErr: `invalid Salt option name "mysql."`},
		{name: "bad yaml", pairs: []string{"minion.master=[a"}, wantErr: "value is not YAML"},
		{name: "int wanted", pairs: []string{"minion.master_alive_interval=abc"}, wantErr: `Salt's minion option master_alive_interval: want a number, got "abc"`},
		{name: "bool for number", pairs: []string{"minion.auth_timeout=true"}, wantErr: "want a number, got true"},
		{name: "negative interval", pairs: []string{"minion.master_alive_interval=-5"}, wantErr: "want a number from 0 to"},
		{name: "port range", pairs: []string{"master.ret_port=70000"}, wantErr: "from 1 to 65535, got 70000"},
		{name: "bool wanted", pairs: []string{"master.auto_accept=yes please"}, wantErr: `want true or false, got "yes please"`},
		{name: "enum", pairs: []string{"minion.master_type=hot"}, wantErr: `want one of str, failover, func, disable, distributed, got "hot"`},
		{name: "list for str", pairs: []string{"minion.id=[a, b]"}, wantErr: "want a string, got the list [a b]"},
		{name: "empty value", pairs: []string{"minion.timeout="}, wantErr: "no value: give one in YAML, e.g. minion.timeout=5"},
		{name: "numeric string as Salt converts it", pairs: []string{"minion.master_tries='-1'"},
			want: knobs.Overrides{knobs.Minion: {"master_tries": "-1"}}},
		{name: "unknown option unchecked", pairs: []string{"minion.my_custom=[x]"},
			want: knobs.Overrides{knobs.Minion: {"my_custom": []any{"x"}}}},
		{name: "master list", pairs: []string{"minion.master=10.0.0.1"}, want: knobs.Overrides{knobs.Minion: {"master": "10.0.0.1"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := knobs.ParseSets(tt.pairs)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestOverridesYAML(t *testing.T) {
	o, err := knobs.ParseSets([]string{"minion.master_alive_interval=5", "minion.master=[m1, m2]", "master.timeout=10"})
	require.NoError(t, err)
	b, err := o.YAML(knobs.Minion)
	require.NoError(t, err)
	assert.Contains(t, string(b), "master:\n    - m1\n    - m2\nmaster_alive_interval: 5\n")
	assert.NotContains(t, string(b), "timeout")
	none, err := knobs.Overrides{}.YAML(knobs.Master)
	require.NoError(t, err)
	assert.Empty(t, none)
}

func TestParse(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "top.sls"), []byte("base: {'*': [app]}\n"), 0o644))
	tests := []struct {
		name    string
		in      knobs.Inputs
		wantErr string
	}{
		{name: "zero is fine", in: knobs.Inputs{}},
		{name: "dirs", in: knobs.Inputs{Minions: 3, States: dir, Pillar: dir, MasterConfig: dir, MinionConfig: dir}},
		{name: "missing", in: knobs.Inputs{States: filepath.Join(dir, "nope")}, wantErr: "validate --states: directory"},
		{name: "not a dir", in: knobs.Inputs{Pillar: file}, wantErr: "validate --pillar: " + file + " is not a directory"},
		{name: "negative minions", in: knobs.Inputs{Minions: -1}, wantErr: "validate --minions -1: out of range 1-6000; want 1 to 6000"},
		{name: "a fleet in swarms", in: knobs.Inputs{Minions: 1000}},
		{name: "a fleet that keeps its keys", in: knobs.Inputs{Minions: 1000, KeepFleetKeys: true}},
		{name: "keys kept without a fleet in swarms", in: knobs.Inputs{Minions: 120, KeepFleetKeys: true}, wantErr: "validate --keep-fleet-keys: only a fleet in swarms has keys to keep: add --minions 121 or more"},
		{name: "too many minions", in: knobs.Inputs{Minions: 6001}, wantErr: "validate --minions 6001: out of range 1-6000"},
		{name: "a small fleet in swarms", in: knobs.Inputs{Minions: 100, MinionsPerContainer: 50, KeepFleetKeys: true}},
		{name: "a container each, as asked", in: knobs.Inputs{Minions: 120, MinionsPerContainer: 1}},
		{name: "per container without a fleet", in: knobs.Inputs{MinionsPerContainer: 50}, wantErr: "validate --minions-per-container 50: it says how a fleet shares containers, and there is none: add --minions N"},
		{name: "per container beyond a swarm", in: knobs.Inputs{Minions: 100, MinionsPerContainer: 51}, wantErr: "validate --minions-per-container 51: out of range 1-50"},
		{name: "per container negative", in: knobs.Inputs{Minions: 100, MinionsPerContainer: -1}, wantErr: "validate --minions-per-container -1: out of range 1-50"},
		{name: "more containers than a network holds", in: knobs.Inputs{Minions: 1000, MinionsPerContainer: 1}, wantErr: "validate --minions-per-container 1: --minions 1000 would take 1000 containers, more than the 120 a lab's network holds; use --minions-per-container 9 or more"},
		{name: "keys kept by a container each", in: knobs.Inputs{Minions: 1000, MinionsPerContainer: 9, KeepFleetKeys: true}},
		{name: "keys kept without swarms, as asked", in: knobs.Inputs{Minions: 100, MinionsPerContainer: 1, KeepFleetKeys: true}, wantErr: "validate --keep-fleet-keys: only a fleet in swarms has keys to keep"},
		{name: "bad set", in: knobs.Inputs{Sets: []string{"x.y=1"}}, wantErr: `unknown prefix "x"`},
		{name: "a host system dir", in: knobs.Inputs{States: "/etc"}, wantErr: "validate --states: /etc is the host system path /etc: a lab container would see the host's own files"},
		{name: "a dir holding the Docker socket", in: knobs.Inputs{MinionConfig: "/run"}, wantErr: "validate --minion-config: /run exposes the Docker API socket"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.in.Parse()
			if tt.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tt.wantErr)
		})
	}
}

// loadHot loads the hot topology with transform and returns the rewritten
// compose model.
func loadHot(t *testing.T, transform func(*types.Project) error) (*lab.Lab, *types.Project) {
	t.Helper()
	file, err := filepath.Abs("../../../compose/hot/compose.yaml")
	require.NoError(t, err)
	var got *types.Project
	l, err := lab.Load(context.Background(), nil, lab.Options{Files: []string{file}, Project: "saltlab-hot-knobs", RunID: "knobs-test",
		Env: map[string]string{"SALTLAB_SALT_IMAGE": "saltlab/salt-sim:latest"},
		Transform: func(p *types.Project) error {
			got = p
			return transform(p)
		}})
	require.NoError(t, err)
	return l, got
}

func mountOn(s types.ServiceConfig, target string) types.ServiceVolumeConfig {
	for _, v := range s.Volumes {
		if v.Target == target {
			return v
		}
	}
	return types.ServiceVolumeConfig{}
}

func TestResolveAndApply(t *testing.T) {
	states, pillar, userMinion := t.TempDir(), t.TempDir(), t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(states, "top.sls"), []byte("base: {'*': [app]}\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(userMinion, "site.conf"), []byte("log_level: debug\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(userMinion, "secret.conf"), []byte("password: s3cret\n"), 0o600))
	configDir := filepath.Join(t.TempDir(), "config")
	in := knobs.Inputs{Minions: 4, Sets: []string{"minion.master_alive_interval=5", "master.timeout=10"},
		States: states, Pillar: pillar, MinionConfig: userMinion}
	parsed, err := in.Parse()
	require.NoError(t, err)
	var settings knobs.Settings
	l, p := loadHot(t, func(p *types.Project) error {
		var err error
		settings, err = knobs.Resolve(p, parsed, configDir, "sim")
		if err != nil {
			return err
		}
		return knobs.Apply(p, settings)
	})

	assert.Equal(t, []string{"key-wait", "nginx", "salt-master-1", "salt-master-2", "salt-minion-1", "salt-minion-2", "salt-minion-3", "salt-minion-4"}, l.Services())
	assert.Equal(t, "salt-minion-3", p.Services["salt-minion-3"].Hostname, "hostname = service name = minion id")

	minionDir := mountOn(p.Services["salt-minion-4"], "/etc/salt/minion.d")
	assert.True(t, minionDir.ReadOnly)
	assert.Equal(t, filepath.Join(configDir, "minion.d-1"), minionDir.Source)
	entries, err := os.ReadDir(minionDir.Source)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"lab.conf", "zz-ci-secret.conf", "zz-ci-site.conf", knobs.SetFile}, names, "topology's files, then the user's, then --set, in Salt's read order")
	for name, mode := range map[string]os.FileMode{"zz-ci-secret.conf": 0o600, "zz-ci-site.conf": 0o644} {
		fi, err := os.Stat(filepath.Join(minionDir.Source, name))
		require.NoError(t, err)
		assert.Equal(t, mode, fi.Mode().Perm(), "%s keeps its mode", name)
	}
	fi, err := os.Stat(minionDir.Source)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm(), "only the user enters the copies' directory")
	set, err := os.ReadFile(filepath.Join(minionDir.Source, knobs.SetFile))
	require.NoError(t, err)
	assert.Contains(t, string(set), "master_alive_interval: 5")

	masterDir := mountOn(p.Services["salt-master-2"], "/etc/salt/master.d")
	assert.Equal(t, filepath.Join(configDir, "master.d-1"), masterDir.Source)
	assert.FileExists(t, filepath.Join(masterDir.Source, "lab.conf"))
	set, err = os.ReadFile(filepath.Join(masterDir.Source, knobs.SetFile))
	require.NoError(t, err)
	assert.Contains(t, string(set), "timeout: 10")

	for _, m := range []string{"salt-master-1", "salt-master-2"} {
		assert.Equal(t, types.ServiceVolumeConfig{Type: types.VolumeTypeBind, Source: states, Target: "/srv/salt", ReadOnly: true}, mountOn(p.Services[m], "/srv/salt"))
		assert.Equal(t, pillar, mountOn(p.Services[m], "/srv/pillar").Source)
	}
	assert.Empty(t, mountOn(p.Services["key-wait"], "/srv/salt").Target, "services without the mount stay without it")

	// A later process re-applies the saved settings without writing files.
	require.NoError(t, os.RemoveAll(filepath.Join(configDir, "master.d-1", knobs.SetFile)))
	l2, p2 := loadHot(t, func(p *types.Project) error { return knobs.Apply(p, settings) })
	assert.Equal(t, l.Services(), l2.Services())
	assert.Equal(t, minionDir, mountOn(p2.Services["salt-minion-2"], "/etc/salt/minion.d"))
	assert.NoFileExists(t, filepath.Join(configDir, "master.d-1", knobs.SetFile))
}

func TestResolveWantsAbsoluteDir(t *testing.T) {
	parsed, err := knobs.Inputs{Sets: []string{"minion.timeout=5"}}.Parse()
	require.NoError(t, err)
	_, err = knobs.Resolve(&types.Project{}, parsed, "reports/x/config", "sim")
	assert.ErrorContains(t, err, "config dir reports/x/config is not absolute")
}

func TestScaleDown(t *testing.T) {
	l, _ := loadHot(t, func(p *types.Project) error { return knobs.Apply(p, knobs.Settings{Minions: 1}) })
	assert.Equal(t, []string{"key-wait", "nginx", "salt-master-1", "salt-master-2", "salt-minion-1"}, l.Services())
}

func TestScaleNeedsDeclaredRoles(t *testing.T) {
	p := &types.Project{Name: "x", Services: types.Services{"salt-minion-1": {Name: "salt-minion-1"}}}
	assert.ErrorContains(t, knobs.Apply(p, knobs.Settings{Minions: 2}), "no top-level x-saltlab block")
}

// TestScaleAUserLab: the template and the clones' names come from the
// declared minions, whatever the services are called; masters named
// like nothing saltlab knows get the states mount.
func TestScaleAUserLab(t *testing.T) {
	states := t.TempDir()
	sidecar := types.ServiceConfig{Name: "sidecar"}
	sidecar.DependsOn = types.DependsOnConfig{"web-2": {}, "brain": {}}
	p := &types.Project{Name: "user", Services: types.Services{
		"brain": {Name: "brain"}, "web-1": {Name: "web-1"}, "web-2": {Name: "web-2"}, "sidecar": sidecar,
	}, Extensions: map[string]any{"x-saltlab": map[string]any{"masters": []any{"brain"}, "minions": []any{"web-*"}}}}
	require.NoError(t, knobs.Apply(p, knobs.Settings{Minions: 3, States: states}))
	var names []string
	for n := range p.Services {
		names = append(names, n)
	}
	sort.Strings(names)
	assert.Equal(t, []string{"brain", "sidecar", "web-1", "web-2", "web-3"}, names)
	assert.Equal(t, "web-3", p.Services["web-3"].Hostname)
	assert.Equal(t, states, mountOn(p.Services["brain"], "/srv/salt").Source, "the declared master gets the states")
	assert.Empty(t, mountOn(p.Services["sidecar"], "/srv/salt").Target, "an undeclared service does not")
	assert.Contains(t, p.Services["sidecar"].DependsOn, "web-2", "a dependency on a minion that still exists stays")
}

// TestScaleDeclaresTheClones: whatever the x-saltlab block listed (names
// or patterns), after --minions N the declared minions are exactly the N
// copies, so every one of them is a minion to the scenarios.
func TestScaleDeclaresTheClones(t *testing.T) {
	tests := []struct {
		name     string
		services []string
		declared []any
		n        int
		want     []string
	}{
		{"explicit names, more copies than names", []string{"salt-minion-1", "salt-minion-2"}, []any{"salt-minion-1", "salt-minion-2"}, 4,
			[]string{"salt-minion-1", "salt-minion-2", "salt-minion-3", "salt-minion-4"}},
		{"a name without digits", []string{"web"}, []any{"web"}, 2, []string{"web-1", "web-2"}},
		{"a pattern", []string{"node-a1", "node-a2"}, []any{"node-*"}, 3, []string{"node-a1", "node-a2", "node-a3"}},
		{"fewer copies than names", []string{"m-1", "m-2", "m-3"}, []any{"m-1", "m-2", "m-3"}, 1, []string{"m-1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svcs := types.Services{"brain": {Name: "brain"}}
			for _, n := range tt.services {
				svcs[n] = types.ServiceConfig{Name: n}
			}
			decl := map[string]any{"masters": []any{"brain"}, "minions": tt.declared}
			p := &types.Project{Name: "user", Services: svcs, Extensions: map[string]any{"x-saltlab": decl}}
			require.NoError(t, knobs.Apply(p, knobs.Settings{Minions: tt.n}))
			r, err := roles.FromProject(p)
			require.NoError(t, err)
			assert.Equal(t, tt.want, r.Minions)
			assert.Equal(t, tt.declared, decl["minions"], "the loaded declaration itself is not modified")
		})
	}
}

func TestScaleSpreadsHealthProbes(t *testing.T) {
	tests := []struct {
		minions           int
		interval, timeout time.Duration
	}{
		{minions: 3, interval: time.Second, timeout: 2 * time.Second},
		{minions: 50, interval: 5 * time.Second, timeout: 5 * time.Second},
		// Three swarms of 50: each minion in one counts, not just the
		// container (three containers alone would keep 1 s).
		{minions: 150, interval: 5 * time.Second, timeout: 5 * time.Second},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.minions), func(t *testing.T) {
			_, p := loadHot(t, func(p *types.Project) error { return knobs.Apply(p, knobs.Settings{Minions: tt.minions}) })
			hc := p.Services["salt-minion-2"].HealthCheck
			require.NotNil(t, hc)
			assert.Equal(t, tt.interval, time.Duration(*hc.Interval))
			assert.Equal(t, tt.timeout, time.Duration(*hc.Timeout))
			assert.Equal(t, time.Second, time.Duration(*p.Services["salt-master-1"].HealthCheck.Interval), "masters keep theirs")
		})
	}
}

// FuzzParseSets: no --set text panics, and what parses renders to YAML.
func FuzzParseSets(f *testing.F) {
	for _, s := range []string{"minion.master_alive_interval=5", "master.timeout=abc", "minion.master=[a, b]", "minion.x={a: [1, {b: c}]}", "=", "minion.=1", "minion.master_type=failover", "master.ret_port=1e999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := knobs.ParseSets([]string{s})
		if err != nil {
			return
		}
		for _, k := range []knobs.Kind{knobs.Minion, knobs.Master} {
			if _, err := o.YAML(k); err != nil {
				t.Fatalf("%q parsed but does not render: %v", s, err)
			}
		}
	})
}

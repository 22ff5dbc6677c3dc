package config

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "minion"), []byte("master: [a, b]\nmaster_type: failover\nauth_timeout: 3\n"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "minion.d"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "minion.d", "20-late.conf"), []byte("auth_timeout: 9\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "minion.d", "10-early.conf"), []byte("auth_timeout: 7\nrandom_master: yes\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "minion.d", "ignored.txt"), []byte("auth_timeout: 1\n"), 0o644))
	o, err := Load(Minion, dir)
	require.NoError(t, err)
	assert.Equal(t, 9, o.Int("auth_timeout", 0), "later .conf files override")
	assert.Equal(t, []string{"a", "b"}, o.List("master"))
	assert.True(t, o.IsList("master"))
	assert.True(t, o.Bool("random_master"), "YAML 1.1 yes")
	assert.Equal(t, 7, o.Int("auth_tries", 0), "defaults kept")
	assert.False(t, o.Has("publish_port"), "publish_port absent from minion defaults (§1.4)")

	m, err := Load(Master, t.TempDir())
	require.NoError(t, err)
	for k, want := range map[string]any{"interface": "0.0.0.0", "publish_port": 4505, "ret_port": 4506, "pki_dir": "/etc/salt/pki/master",
		"cachedir": "/var/cache/salt/master", "sock_dir": "/var/run/salt/master", "auto_accept": false, "open_mode": false,
		"timeout": 5, "gather_job_timeout": 10, "log_file": "/var/log/salt/master", "log_level": "warning", "user": "root"} {
		assert.Equal(t, want, m[k], k)
	}
	assert.Equal(t, map[string][]string{"base": {"/srv/salt"}}, m.Roots("file_roots"))
}

func TestMinionID(t *testing.T) {
	host := func() (string, error) { return "box", nil }
	tests := []struct {
		name   string
		opts   Opts
		cached string
		want   string
		cache  string
	}{
		{name: "id option wins", opts: Opts{"id": "explicit"}, cached: "old", want: "explicit", cache: "old"},
		{name: "cached minion_id", opts: Opts{}, cached: "old\n", want: "old", cache: "old\n"},
		{name: "hostname then cached", opts: Opts{"minion_id_caching": true}, want: "box", cache: "box"},
		{name: "no caching", opts: Opts{"minion_id_caching": false}, want: "box", cache: ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.opts["config_dir"] = dir
			if tc.cached != "" {
				require.NoError(t, os.WriteFile(filepath.Join(dir, "minion_id"), []byte(tc.cached), 0o644))
			}
			got, err := MinionID(tc.opts, host)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			b, _ := os.ReadFile(filepath.Join(dir, "minion_id"))
			assert.Equal(t, tc.cache, string(b))
		})
	}
	_, err := MinionID(Opts{"config_dir": t.TempDir()}, func() (string, error) { return "", errors.New("boom") })
	assert.ErrorContains(t, err, "get hostname")
}

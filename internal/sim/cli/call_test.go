package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/notmodelled"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// callFixture is one master on 127.0.0.1 ("salt") and a minion config dir.
type callFixture struct {
	r       *simtest.Resolver
	master  *simtest.Master
	minion  config.Opts
	dir     string
	pubPort int
	retPort int
}

func newCallFixture(t *testing.T, masterOpts map[string]any) *callFixture {
	t.Helper()
	root := simtest.TempDir(t)
	pub, ret := simtest.Ports(t, "127.0.0.1", "127.0.0.2")
	mo := simtest.MasterOpts(filepath.Join(root, "master"), "127.0.0.1", pub, ret, filepath.Join(root, "master", "pki"))
	for k, v := range masterOpts {
		mo[k] = v
	}
	f := &callFixture{r: simtest.NewResolver("salt", "127.0.0.1", "salt-dead", "127.0.0.2"), pubPort: pub, retPort: ret}
	f.master = simtest.StartMaster(t, mo)
	f.dir = filepath.Join(root, "minion")
	f.minion = simtest.MinionOpts(f.dir, "m1", nil, pub, ret)
	f.minion["master"] = "salt"
	return f
}

func (f *callFixture) call(t *testing.T, mods map[string]any, args ...string) result {
	t.Helper()
	o := f.minion.Copy()
	for k, v := range mods {
		o[k] = v
	}
	simtest.WriteConfig(t, f.dir, config.Minion, o)
	return run(t, f.r, "", "salt-call", append([]string{"-c", f.dir}, args...)...)
}

func TestSaltCall(t *testing.T) {
	t.Parallel()
	failover := map[string]any{"master_type": "failover", "master": []any{"salt-dead", "salt"}}
	tests := []struct {
		name       string
		masterOpts map[string]any
		prep       func(t *testing.T, f *callFixture)
		mods       map[string]any
		args       []string
		code       int
		stdout     string
		stderr     string
		minTook    time.Duration
	}{
		{name: "test.ping", args: []string{"--out=json", "test.ping"}, stdout: "{\n    \"local\": true\n}\n"},
		{name: "out-indent -1", args: []string{"--out=json", "--out-indent=-1", "test.echo", "hi"}, stdout: "{\"local\": \"hi\"}\n"},
		{name: "nested default output", args: []string{"test.ping"}, stdout: "local:\n    True\n"},
		{name: "config.get master names the serving master", args: []string{"--out=json", "config.get", "master"}, stdout: "{\n    \"local\": \"salt\"\n}\n"},
		{name: "local mode needs no master", mods: map[string]any{"master": "nowhere"}, args: []string{"--local", "--out=json", "test.version"},
			stdout: "{\n    \"local\": \"3006.9\"\n}\n"},
		{name: "cmd.run non-zero → exit 1", args: []string{"--out=json", "cmd.run", "echo out; echo err >&2; exit 3"}, code: 1,
			stdout: "{\n    \"local\": \"out\\nerr\"\n}\n"},
		{name: "retcode passthrough", args: []string{"--out=json", "--retcode-passthrough", "cmd.run", "exit 3"}, code: 3},
		{name: "unknown function", args: []string{"test.nope"}, code: 255, stderr: "'test.nope' is not available.\n"},
		{name: "state functions are not modelled", args: []string{"--out=json", "state.apply"}, code: notmodelled.Exit,
			stderr: "salt-call: the Salt double does not model the execution function state.apply; run with --salt real\n"},
		{name: "pending key, single master → exit 2", masterOpts: map[string]any{"auto_accept": false}, args: []string{"test.ping"}, code: 2,
			stdout: "Minion failed to authenticate with the master, has the minion key been accepted?\n"},
		{name: "pending key, list → next master, then exit 1", masterOpts: map[string]any{"auto_accept": false}, mods: failover,
			args: []string{"test.ping"}, code: 1, stderr: "Unable to sign_in to master: Minion failed to authenticate with the master, has the minion key been accepted?"},
		{name: "failover list skips a dead master after one auth try", mods: failover, args: []string{"--out=json", "config.get", "master"},
			stdout: "{\n    \"local\": \"salt\"\n}\n", minTook: time.Second},
		{name: "failover list warns when the next master has another address", mods: failover, args: []string{"--out=json", "test.ping"},
			stdout: "{\n    \"local\": true\n}\n", stderr: "[WARNING ] Master ip address changed from 127.0.0.2 to 127.0.0.1"},
		{name: "failover list skips unresolvable names", mods: map[string]any{"master_type": "failover", "master": []any{"gone", "salt"}},
			args: []string{"--out=json", "test.ping"}, stdout: "{\n    \"local\": true\n}\n", stderr: "DNS lookup or connection check of 'gone' failed."},
		{name: "str mode list waits auth_tries × auth_timeout", mods: map[string]any{"master": []any{"salt-dead", "salt"}, "auth_tries": 2, "auth_timeout": 0.5},
			args: []string{"--out=json", "test.ping"}, stdout: "{\n    \"local\": true\n}\n", minTook: time.Second},
		{name: "no master resolvable", mods: map[string]any{"master_type": "failover", "master": []any{"gone1", "gone2"}}, args: []string{"test.ping"},
			code: 1, stderr: "No master could be resolved"},
		{name: "no master reachable", mods: map[string]any{"master_type": "failover", "master": []any{"salt-dead"}}, args: []string{"test.ping"},
			code: 1, stderr: "No master could be reached or all masters denied the minion's connection attempt.\nUnable to sign_in to master: Attempt to authenticate with the salt master failed with timeout error\n"},
		{name: "rejected key → exit 77", prep: func(t *testing.T, f *callFixture) {
			kp, err := pki.LoadOrCreate(filepath.Join(f.dir, "pki"), "minion")
			require.NoError(t, err)
			require.NoError(t, pki.KeyDirs{Root: f.master.Opts.Str("pki_dir")}.Write(pki.Rejected, "m1", kp.PubPEM))
		}, args: []string{"test.ping"}, code: 77, stderr: "The Salt Master has rejected this minion's public key!"},
		{name: "changed master key is refused", prep: func(t *testing.T, f *callFixture) {
			other, err := pki.LoadOrCreate(t.TempDir(), "master")
			require.NoError(t, err)
			require.NoError(t, os.MkdirAll(filepath.Join(f.dir, "pki"), 0o700))
			require.NoError(t, os.WriteFile(filepath.Join(f.dir, "pki", "minion_master.pub"), []byte(other.PubPEM), 0o644))
		}, args: []string{"test.ping"}, code: 1, stderr: "The master key has changed, the salt master could have been subverted, verify salt master's public key"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := newCallFixture(t, tc.masterOpts)
			if tc.prep != nil {
				tc.prep(t, f)
			}
			res := f.call(t, tc.mods, tc.args...)
			assert.Equal(t, tc.code, res.code, "stdout=%q stderr=%q", res.stdout, res.stderr)
			if tc.stdout != "" {
				assert.Contains(t, res.stdout, tc.stdout)
			}
			if tc.stderr != "" {
				assert.Contains(t, res.stderr, tc.stderr)
			}
			assert.GreaterOrEqual(t, res.took, tc.minTook)
		})
	}
}

// salt-call sends its return to the connected master with jid "req"; the
// master stores it under a fresh jid (store_job), not under "req".
func TestSaltCallReturnsToMaster(t *testing.T) {
	t.Parallel()
	f := newCallFixture(t, nil)
	res := f.call(t, nil, "--out=json", "test.ping")
	require.Equal(t, 0, res.code, res.stderr)
	rets, err := filepath.Glob(filepath.Join(f.master.Opts.Str("cachedir"), "jobs", "*", "m1", "return.json"))
	require.NoError(t, err)
	require.Len(t, rets, 1)
	assert.NotContains(t, rets[0], "/req/")
	assert.FileExists(t, filepath.Join(f.dir, "pki", "minion_master.pub"))
	assert.FileExists(t, filepath.Join(f.master.Opts.Str("pki_dir"), "minions", "m1"))
}

// `salt-call --local config.items` prints the options the minion loaded,
// each key as config.get answers it, which the lab's configuration
// recording reads (scenario.recordItems).
func TestSaltCallLocalConfigItems(t *testing.T) {
	t.Parallel()
	f := newCallFixture(t, nil)
	res := f.call(t, map[string]any{"master_type": "failover", "master": []any{"salt-dead", "salt"}, "master_alive_interval": 7},
		"--local", "--out=json", "config.items")
	require.Equal(t, 0, res.code, res.stderr)
	var out struct {
		Local map[string]json.RawMessage `json:"local"`
	}
	require.NoError(t, json.Unmarshal([]byte(res.stdout), &out), res.stdout)
	for _, key := range []string{"master", "master_type", "master_alive_interval"} {
		get := f.call(t, map[string]any{"master_type": "failover", "master": []any{"salt-dead", "salt"}, "master_alive_interval": 7},
			"--local", "--out=json", "--out-indent=-1", "config.get", key)
		require.Equal(t, 0, get.code, get.stderr)
		var want struct {
			Local json.RawMessage `json:"local"`
		}
		require.NoError(t, json.Unmarshal([]byte(get.stdout), &want))
		assert.JSONEq(t, string(want.Local), string(out.Local[key]), "config.items and config.get agree on %s", key)
	}
	assert.Contains(t, out.Local, "grains")
}

package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/saltlab/saltlab/internal/sim/wire"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// saltFixture: one master with minion m1 running and m2 accepted but absent.
func saltFixture(t *testing.T) (r *simtest.Resolver, conf string, m *simtest.Master) {
	t.Helper()
	root := simtest.TempDir(t)
	pub, ret := simtest.Ports(t, "127.0.0.1")
	mo := simtest.MasterOpts(filepath.Join(root, "master"), "127.0.0.1", pub, ret, filepath.Join(root, "master", "pki"))
	m = simtest.StartMaster(t, mo)
	conf = filepath.Join(root, "master", "etc")
	simtest.WriteConfig(t, conf, config.Master, mo)
	r = simtest.NewResolver("salt", "127.0.0.1")
	mi := simtest.StartMinion(t, simtest.MinionOpts(filepath.Join(root, "m1"), "m1", nil, pub, ret).Set("master", "salt"), r)
	simtest.WaitConnected(t, mi, "salt", 5*time.Second)
	simtest.WaitSubscribed(t, m, 5*time.Second, "m1")
	require.NoError(t, pki.KeyDirs{Root: mo.Str("pki_dir")}.Write(pki.Accepted, "m2", "-----BEGIN PUBLIC KEY-----\nX\n-----END PUBLIC KEY-----\n"))
	return r, conf, m
}

func TestSaltCLI(t *testing.T) {
	t.Parallel()
	r, conf, _ := saltFixture(t)
	noResp := "Minion did not return. [No response]\nThe minions may not have all finished running and any remaining minions will return upon completion. To look up the return data for this job later, run the following command:\n\nsalt-run jobs.lookup_jid "
	tests := []struct {
		name   string
		args   []string
		code   int
		check  func(t *testing.T, res result)
		stderr string
	}{
		{name: "one document per minion, silent minion reported", args: []string{"*", "test.ping", "--out=json", "--out-indent=-1"}, code: 1,
			stderr: "ERROR: Minions returned with non-zero exit code",
			check: func(t *testing.T, res result) {
				lines := strings.Split(strings.TrimSpace(res.stdout), "\n")
				require.Len(t, lines, 2)
				assert.Equal(t, `{"m1": true}`, lines[0])
				assert.True(t, strings.HasPrefix(lines[1], `{"m2": "Minion did not return. [No response]\nThe minions may not`), lines[1])
				assert.Contains(t, decodeJSON(t, lines[1])["m2"], noResp)
			}},
		{name: "static omits silent minions and exits 0", args: []string{"*", "test.ping", "--out=json", "--static"},
			check: func(t *testing.T, res result) { assert.Equal(t, "{\n    \"m1\": true\n}\n", res.stdout) }},
		{name: "single minion", args: []string{"m1", "test.echo", "hello world", "--out=json"},
			check: func(t *testing.T, res result) { assert.Equal(t, "{\n    \"m1\": \"hello world\"\n}\n", res.stdout) }},
		{name: "list target", args: []string{"-L", "m1,m9", "test.ping", "--out=json", "--out-indent=-1"},
			check: func(t *testing.T, res result) { assert.Equal(t, "{\"m1\": true}\n", res.stdout) }},
		{name: "minion retcode → exit 1", args: []string{"m1", "cmd.run", "exit 4", "--out=json"}, code: 1, stderr: "ERROR: Minions returned with non-zero exit code"},
		{name: "unknown function on a minion", args: []string{"m1", "foo.bar", "--out=json", "--out-indent=-1"}, code: 1,
			check: func(t *testing.T, res result) {
				assert.Equal(t, "{\"m1\": \"'foo.bar' is not available.\"}\n", res.stdout)
			}},
		{name: "no minions matched", args: []string{"nomatch*", "test.ping", "--out=json"}, code: 2, stderr: "ERROR: No return received",
			check: func(t *testing.T, res result) {
				assert.Equal(t, "No minions matched the target. No command was sent, no jid was assigned.\n{}\n", res.stdout)
			}},
		{name: "static, nobody answers", args: []string{"m2", "test.ping", "--out=json", "--static"}, code: 2,
			check: func(t *testing.T, res result) { assert.Equal(t, "{}\n", res.stdout) }},
		{name: "async", args: []string{"m1", "test.ping", "--async"},
			check: func(t *testing.T, res result) { assert.Contains(t, res.stdout, "Executed command with job ID: ") }},
		{name: "bad option", args: []string{"*", "test.ping", "--bogus"}, code: 64},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := run(t, r, "", "salt", append([]string{"-c", conf}, tc.args...)...)
			assert.Equal(t, tc.code, res.code, "stdout=%q stderr=%q", res.stdout, res.stderr)
			if tc.stderr != "" {
				assert.Contains(t, res.stderr, tc.stderr)
			}
			if tc.check != nil {
				tc.check(t, res)
			}
		})
	}
}

func TestSaltMasterDown(t *testing.T) {
	t.Parallel()
	root := simtest.TempDir(t)
	o := simtest.MasterOpts(root, "127.0.0.1", 1, 2, filepath.Join(root, "pki"))
	simtest.WriteConfig(t, root, config.Master, o)
	res := run(t, nil, "", "salt", "-c", root, "*", "test.ping", "--out=json")
	assert.Equal(t, 0, res.code)
	assert.Equal(t, "\"The salt master could not be contacted. Is master running?\"\n", res.stdout)
}

func TestSaltRunManage(t *testing.T) {
	t.Parallel()
	r, conf, _ := saltFixture(t)
	res := run(t, r, "", "salt-run", "-c", conf, "manage.status", "--out=json")
	require.Equal(t, 0, res.code, res.stderr)
	assert.Equal(t, "{\n    \"down\": [\n        \"m2\"\n    ],\n    \"up\": [\n        \"m1\"\n    ]\n}\n", res.stdout)
	res = run(t, r, "", "salt-run", "-c", conf, "manage.down")
	assert.Equal(t, "- m2\n", res.stdout)

	res = run(t, r, "", "salt", "-c", conf, "m1", "test.echo", "x", "--show-jid")
	require.Equal(t, 0, res.code, res.stderr)
	jid := strings.TrimPrefix(strings.SplitN(res.stdout, "\n", 2)[0], "jid: ")
	res = run(t, r, "", "salt-run", "-c", conf, "jobs.lookup_jid", jid, "--out=json", "--out-indent=-1")
	require.Equal(t, 0, res.code, res.stderr)
	assert.Equal(t, "{\"m1\": \"x\"}\n", res.stdout)
	res = run(t, r, "", "salt-run", "-c", conf, "jobs.list_job", "jid="+jid, "--out=json", "--out-indent=-1")
	require.Equal(t, 0, res.code, res.stderr)
	assert.Contains(t, res.stdout, "\"Function\": \"test.echo\", \"Arguments\": [\"x\"], \"Target\": \"m1\", \"Target-type\": \"glob\", \"User\": \"root\"")
	assert.Contains(t, res.stdout, "\"Result\": {\"m1\": {\"return\": \"x\"}}")
	res = run(t, r, "", "salt-run", "-c", conf, "jobs.list_jobs", "--out=json", "--out-indent=-1")
	require.Equal(t, 0, res.code, res.stderr)
	assert.Contains(t, res.stdout, "\""+jid+"\": {\"Function\": \"test.echo\"")
}

// salt-run test.get_opts prints every option the master loaded, each as
// config.get prints it (the lab reads a master's options once this way).
func TestSaltRunGetOpts(t *testing.T) {
	t.Parallel()
	r, conf, _ := saltFixture(t)
	res := run(t, r, "", "salt-run", "-c", conf, "test.get_opts", "--out=json")
	require.Equal(t, 0, res.code, res.stderr)
	var opts map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(res.stdout), &opts), res.stdout)
	for _, key := range []string{"ret_port", "pki_dir", "peer", "file_roots"} {
		get := run(t, r, "", "salt-run", "-c", conf, "config.get", key, "--out=json")
		require.Equal(t, 0, get.code, get.stderr)
		require.Contains(t, opts, key)
		assert.JSONEq(t, get.stdout, string(opts[key]), "test.get_opts and config.get agree on %s", key)
	}
}

// Hot multi-master: one Minion object per master, a shared jid queue, so a
// job published under the same jid by both masters runs once (§2).
func TestHotModeJidDedup(t *testing.T) {
	t.Parallel()
	root := simtest.TempDir(t)
	pub, ret := simtest.Ports(t, "127.0.0.1", "127.0.0.2")
	pkiDir := filepath.Join(root, "pki-master")
	var confs []string
	var masters []*simtest.Master
	for i, ip := range []string{"127.0.0.1", "127.0.0.2"} {
		o := simtest.MasterOpts(filepath.Join(root, fmt.Sprint("m", i)), ip, pub, ret, pkiDir)
		masters = append(masters, simtest.StartMaster(t, o))
		confs = append(confs, o.Str("sock_dir"))
	}
	r := simtest.NewResolver("salt-master-1", "127.0.0.1", "salt-master-2", "127.0.0.2")
	mi := simtest.StartMinion(t, simtest.MinionOpts(filepath.Join(root, "mi"), "hot", []any{"salt-master-1", "salt-master-2"}, pub, ret), r)
	require.Eventually(t, func() bool {
		ms := mi.Masters()
		return len(ms) == 2 && ms[0] == "salt-master-1" && ms[1] == "salt-master-2"
	}, 5*time.Second, 20*time.Millisecond, mi.Log.String())

	marker := filepath.Join(root, "ran")
	ctx := context.Background()
	for _, sock := range confs {
		c := newLocalClient(config.Opts{"sock_dir": sock, "gather_job_timeout": 1}, 2*time.Second)
		j, err := c.publish(ctx, wire.LocalRequest{Tgt: "*", Fun: "cmd.run", Arg: []any{"echo x >> " + marker}, Jid: "20260101000000000001"})
		require.NoError(t, err)
		got := 0
		c.collect(ctx, j, func(wire.Return) { got++ })
		j.close()
		_ = got // the second master gets no return: the minion dropped the duplicate
	}
	b, err := os.ReadFile(marker)
	require.NoError(t, err)
	assert.Equal(t, "x\n", string(b), "the job ran once although both masters published it")

	// Different jids (the normal hot case) run once per master.
	for i, sock := range confs {
		c := newLocalClient(config.Opts{"sock_dir": sock, "gather_job_timeout": 1}, 2*time.Second)
		j, err := c.publish(ctx, wire.LocalRequest{Tgt: "*", Fun: "test.ping"})
		require.NoError(t, err)
		var ids []string
		c.collect(ctx, j, func(r wire.Return) { ids = append(ids, r.ID) })
		j.close()
		assert.Equal(t, []string{"hot"}, ids, "master %d", i)
	}
	_ = masters
}

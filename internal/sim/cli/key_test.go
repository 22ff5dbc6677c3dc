package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSaltKey(t *testing.T) {
	t.Parallel()
	const key = "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"
	fp := pki.Finger(key)
	tests := []struct {
		name   string
		args   []string
		stdin  string
		stdout string
		after  map[pki.Status][]string
	}{
		{name: "list text", args: []string{"-L"},
			stdout: "Accepted Keys:\nm1\nDenied Keys:\nUnaccepted Keys:\nm2\nm3\nRejected Keys:\nm4\n"},
		{name: "list json has all four keys", args: []string{"-L", "--out=json"},
			stdout: "{\n    \"minions\": [\n        \"m1\"\n    ],\n    \"minions_pre\": [\n        \"m2\",\n        \"m3\"\n    ],\n    \"minions_rejected\": [\n        \"m4\"\n    ],\n    \"minions_denied\": []\n}\n"},
		{name: "list one state", args: []string{"-l", "un"}, stdout: "Unaccepted Keys:\nm2\nm3\n"},
		{name: "accept with -y", args: []string{"-a", "m2", "-y"},
			stdout: "The following keys are going to be accepted:\nUnaccepted Keys:\nm2\nKey for minion m2 accepted.\n",
			after:  map[pki.Status][]string{pki.Accepted: {"m1", "m2"}, pki.Pending: {"m3"}}},
		{name: "accept all, prompt default yes", args: []string{"-A"}, stdin: "\n",
			stdout: "The following keys are going to be accepted:\nUnaccepted Keys:\nm2\nm3\nProceed? [n/Y] Key for minion m2 accepted.\nKey for minion m3 accepted.\n",
			after:  map[pki.Status][]string{pki.Accepted: {"m1", "m2", "m3"}}},
		{name: "accept answered no", args: []string{"-a", "m2"}, stdin: "n\n",
			stdout: "The following keys are going to be accepted:\nUnaccepted Keys:\nm2\nProceed? [n/Y] ",
			after:  map[pki.Status][]string{pki.Pending: {"m2", "m3"}}},
		{name: "accept no match", args: []string{"-a", "zz*", "-y"}, stdout: "The key glob 'zz*' does not match any unaccepted keys.\n"},
		{name: "accept rejected needs include flag", args: []string{"-a", "m4", "-y", "--include-rejected"},
			stdout: "The following keys are going to be accepted:\nRejected Keys:\nm4\nKey for minion m4 accepted.\n"},
		{name: "reject", args: []string{"-r", "m3", "-y"},
			stdout: "The following keys are going to be rejected:\nUnaccepted Keys:\nm3\nKey for minion m3 rejected.\n",
			after:  map[pki.Status][]string{pki.Rejected: {"m3", "m4"}}},
		{name: "delete defaults to no", args: []string{"-d", "m1"}, stdin: "\n",
			stdout: "The following keys are going to be deleted:\nAccepted Keys:\nm1\nProceed? [N/y] ",
			after:  map[pki.Status][]string{pki.Accepted: {"m1"}}},
		{name: "delete all with -y", args: []string{"-D", "-y"},
			stdout: "The following keys are going to be deleted:\nAccepted Keys:\nm1\nUnaccepted Keys:\nm2\nm3\nRejected Keys:\nm4\nKey for minion m1 deleted.\nKey for minion m2 deleted.\nKey for minion m3 deleted.\nKey for minion m4 deleted.\n",
			after:  map[pki.Status][]string{pki.Accepted: {}, pki.Pending: {}, pki.Rejected: {}}},
		{name: "finger one minion json", args: []string{"-f", "m1", "--out=json", "--out-indent=-1"},
			stdout: "{\"minions\": {\"m1\": \"" + fp + "\"}}\n"},
		{name: "finger one minion text", args: []string{"-f", "m2"}, stdout: "Unaccepted Keys:\nm2:  " + fp + "\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			o := simtest.MasterOpts(root, "127.0.0.1", 1, 2, filepath.Join(root, "pki"))
			simtest.WriteConfig(t, root, config.Master, o)
			dirs := pki.KeyDirs{Root: o.Str("pki_dir")}
			require.NoError(t, dirs.Ensure())
			require.NoError(t, dirs.Write(pki.Accepted, "m1", key))
			require.NoError(t, dirs.Write(pki.Pending, "m2", key))
			require.NoError(t, dirs.Write(pki.Pending, "m3", key))
			require.NoError(t, dirs.Write(pki.Rejected, "m4", key))
			res := run(t, nil, tc.stdin, "salt-key", append([]string{"-c", root}, tc.args...)...)
			assert.Equal(t, 0, res.code, res.stderr)
			assert.Equal(t, tc.stdout, res.stdout)
			for s, want := range tc.after {
				assert.Equal(t, want, dirs.List(s), string(s))
			}
		})
	}
}

func TestSaltKeyFingerAll(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	o := simtest.MasterOpts(root, "127.0.0.1", 1, 2, filepath.Join(root, "pki"))
	simtest.WriteConfig(t, root, config.Master, o)
	_, err := pki.LoadOrCreate(o.Str("pki_dir"), "master")
	require.NoError(t, err)
	dirs := pki.KeyDirs{Root: o.Str("pki_dir")}
	require.NoError(t, dirs.Write(pki.Accepted, "m1", "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"))
	res := run(t, nil, "", "salt-key", "-c", root, "-F", "--out=json")
	require.Equal(t, 0, res.code)
	doc := decodeJSON(t, res.stdout)
	assert.Len(t, doc, 2, "only categories with keys, plus local")
	local := doc["local"].(map[string]any)
	assert.Equal(t, pki.FingerFile(filepath.Join(o.Str("pki_dir"), "master.pem")), local["master.pem"])
	assert.Regexp(t, `"local": \{[^}]*\}\n\}\n$`, res.stdout, "local comes last")
	res = run(t, nil, "", "salt-key", "-c", root, "-F")
	assert.Regexp(t, `^Local Keys:\nmaster.pem:  [0-9a-f:]{95}\nmaster.pub:  [0-9a-f:]{95}\nAccepted Keys:\nm1:  `, res.stdout)

	t.Run("every pem and pub of pki_dir is a local key", func(t *testing.T) {
		// salt/key.py local_keys lists *.pem and *.pub, master_sign's too.
		require.NoError(t, os.WriteFile(filepath.Join(o.Str("pki_dir"), "master_sign.pub"), []byte("-----BEGIN PUBLIC KEY-----\nBBBB\n-----END PUBLIC KEY-----\n"), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(o.Str("pki_dir"), "notes.txt"), []byte("x"), 0o644))
		local := decodeJSON(t, run(t, nil, "", "salt-key", "-c", root, "-F", "--out=json").stdout)["local"].(map[string]any)
		assert.Equal(t, []string{"master.pem", "master.pub", "master_sign.pub"}, sortedKeys(anyKeys(local)))
		assert.Equal(t, pki.FingerFile(filepath.Join(o.Str("pki_dir"), "master_sign.pub")), local["master_sign.pub"])
	})
}

// anyKeys turns a decoded JSON object into a string map of its keys.
func anyKeys(m map[string]any) map[string]string {
	out := map[string]string{}
	for k := range m {
		out[k] = ""
	}
	return out
}

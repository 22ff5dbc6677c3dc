package cli

import (
	"path/filepath"
	"testing"

	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// salt-call and the sign-in options rejected_retry, auth_safemode and
// master_finger (§1.8, §3.4): a "retry" verdict under salt-call with one
// master prints the pending text and exits 2 (AsyncAuth._authenticate), a
// fingerprint mismatch exits 42.
func TestSaltCallSignInOptions(t *testing.T) {
	t.Parallel()
	const pendingText = "Minion failed to authenticate with the master, has the minion key been accepted?\n"
	rejectKey := func(t *testing.T, f *callFixture) {
		kp, err := pki.LoadOrCreate(filepath.Join(f.dir, "pki"), "minion")
		require.NoError(t, err)
		require.NoError(t, pki.KeyDirs{Root: f.master.Opts.Str("pki_dir")}.Write(pki.Rejected, "m1", kp.PubPEM))
	}
	masterFinger := func(f *callFixture) string {
		return pki.FingerFile(filepath.Join(f.master.Opts.Str("pki_dir"), "master.pub"))
	}
	tests := []struct {
		name      string
		prep      func(t *testing.T, f *callFixture)
		mods      func(f *callFixture) map[string]any
		code      int
		stdout    string
		stderr    []string
		notStderr string
	}{
		{name: "rejected_retry treats a rejected key as pending", prep: rejectKey,
			mods: func(*callFixture) map[string]any { return map[string]any{"rejected_retry": true} },
			code: 2, stdout: pendingText,
			stderr:    []string{"[ERROR   ] The Salt Master has rejected this minion's public key.\nTo repair this issue, delete the public key for this minion on the Salt Master.\nThe Salt Minion will attempt to re-authenicate."},
			notStderr: "The Salt Minion will now exit."},
		{name: "without rejected_retry a rejected key exits 77", prep: rejectKey, code: 77,
			stderr: []string{"[CRITICAL] The Salt Master has rejected this minion's public key!"}},
		{name: "auth_safemode treats a sign-in timeout as retry",
			mods: func(*callFixture) map[string]any {
				return map[string]any{"master": "salt-dead", "auth_safemode": true, "auth_tries": 1, "auth_timeout": 0.3}
			},
			code: 2, stdout: pendingText, stderr: []string{"[WARNING ] SaltReqTimeoutError: "},
			notStderr: "Unable to sign_in to master"},
		{name: "without auth_safemode a sign-in timeout is an error",
			mods: func(*callFixture) map[string]any {
				return map[string]any{"master": "salt-dead", "auth_tries": 1, "auth_timeout": 0.3}
			},
			code: 1, stderr: []string{"Unable to sign_in to master: Attempt to authenticate with the salt master failed with timeout error"},
			notStderr: "SaltReqTimeoutError"},
		{name: "master_finger mismatch exits 42",
			mods: func(*callFixture) map[string]any {
				return map[string]any{"master_finger": "00:11:22"}
			},
			code: 42, stderr: []string{"[CRITICAL] The specified fingerprint in the master configuration file:\n00:11:22\nDoes not match the authenticating master's key:\n"}},
		{name: "matching master_finger is accepted",
			mods:   func(f *callFixture) map[string]any { return map[string]any{"master_finger": masterFinger(f)} },
			stdout: "{\n    \"local\": true\n}\n", notStderr: "The specified fingerprint"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := newCallFixture(t, nil)
			if tc.prep != nil {
				tc.prep(t, f)
			}
			var mods map[string]any
			if tc.mods != nil {
				mods = tc.mods(f)
			}
			res := f.call(t, mods, "--out=json", "test.ping")
			assert.Equal(t, tc.code, res.code, "stdout=%q stderr=%q", res.stdout, res.stderr)
			if tc.stdout != "" {
				assert.Equal(t, tc.stdout, res.stdout)
			}
			for _, s := range tc.stderr {
				assert.Contains(t, res.stderr, s)
			}
			if tc.notStderr != "" {
				assert.NotContains(t, res.stderr, tc.notStderr)
			}
		})
	}
}

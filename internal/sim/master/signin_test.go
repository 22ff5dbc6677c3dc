package master

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/saltlog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	keyA = "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"
	keyB = "-----BEGIN PUBLIC KEY-----\nBBBB\n-----END PUBLIC KEY-----\n"
)

// TestDecide walks the decision order of ReqServerChannel._auth (§3.3).
func TestDecide(t *testing.T) {
	tests := []struct {
		name    string
		opts    config.Opts
		stored  map[pki.Status]string // key files present for "m1"
		present string
		want    verdict
		after   map[pki.Status]string // expected key files afterwards ("" = absent)
		log     string
	}{
		{name: "new key, no auto-accept → pending", present: keyA, want: verdictPending,
			after: map[pki.Status]string{pki.Pending: keyA, pki.Accepted: ""}, log: "New public key for m1 placed in pending"},
		{name: "pending, same key → still pending", stored: map[pki.Status]string{pki.Pending: keyA}, present: keyA, want: verdictPending,
			log: "Authentication failed from host m1, the key is in pending and needs to be accepted with salt-key -a m1"},
		{name: "pending, other key → denied", stored: map[pki.Status]string{pki.Pending: keyA}, present: keyB, want: verdictDenied,
			after: map[pki.Status]string{pki.Denied: keyB, pki.Pending: keyA}},
		{name: "accepted, same key → accept", stored: map[pki.Status]string{pki.Accepted: keyA}, present: keyA, want: verdictAccept},
		{name: "accepted, other key → denied", stored: map[pki.Status]string{pki.Accepted: keyA}, present: keyB, want: verdictDenied,
			after: map[pki.Status]string{pki.Denied: keyB, pki.Accepted: keyA},
			log:   "Authentication attempt from m1 failed, the public keys did not match. This may be an attempt to compromise the Salt cluster."},
		{name: "rejected beats auto_accept", opts: config.Opts{"auto_accept": true}, stored: map[pki.Status]string{pki.Rejected: keyA}, present: keyA,
			want: verdictReject, log: "Public key rejected for m1. Key is present in rejection key dir."},
		{name: "open_mode beats rejected and overwrites", opts: config.Opts{"open_mode": true},
			stored: map[pki.Status]string{pki.Rejected: keyA, pki.Accepted: keyA}, present: keyB, want: verdictAccept,
			after: map[pki.Status]string{pki.Accepted: keyB}},
		{name: "auto_accept new key", opts: config.Opts{"auto_accept": true}, present: keyA, want: verdictAccept,
			after: map[pki.Status]string{pki.Pending: ""}},
		{name: "auto_accept pending key", opts: config.Opts{"auto_accept": true}, stored: map[pki.Status]string{pki.Pending: keyA}, present: keyA,
			want: verdictAccept, after: map[pki.Status]string{pki.Pending: ""}},
		{name: "autosign_file glob", opts: config.Opts{"autosign_file": "AUTOSIGN"}, present: keyA, want: verdictAccept},
		{name: "autoreject_file", opts: config.Opts{"autoreject_file": "AUTOSIGN"}, present: keyA, want: verdictReject,
			after: map[pki.Status]string{pki.Rejected: keyA}},
		{name: "max_minions full", opts: config.Opts{"max_minions": 1}, stored: map[pki.Status]string{}, present: keyA, want: verdictFull},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			o := config.MasterDefaults()
			o["pki_dir"] = filepath.Join(root, "pki")
			o["cachedir"] = filepath.Join(root, "cache")
			o["sock_dir"] = filepath.Join(root, "sock")
			for k, v := range tc.opts {
				if v == "AUTOSIGN" {
					f := filepath.Join(root, "autosign.conf")
					require.NoError(t, os.WriteFile(f, []byte("# comment\nm*\n"), 0o600))
					v = f
				}
				o[k] = v
			}
			buf := &strings.Builder{}
			m, err := New(o, saltlog.New("salt.master", buf, saltlog.Debug))
			require.NoError(t, err)
			if tc.name == "max_minions full" {
				require.NoError(t, m.dirs.Write(pki.Accepted, "other", keyB))
			}
			for s, k := range tc.stored {
				require.NoError(t, m.dirs.Write(s, "m1", k))
			}
			assert.Equal(t, tc.want, m.decide("m1", tc.present))
			for s, want := range tc.after {
				got, _ := m.dirs.Read(s, "m1")
				assert.Equal(t, want, got, string(s))
			}
			if tc.log != "" {
				assert.Contains(t, buf.String(), tc.log)
			}
		})
	}
}

func TestValidID(t *testing.T) {
	for id, want := range map[string]bool{"m1": true, "web-1.example": true, "": false, "../x": false, "a/b": false, "..": false} {
		assert.Equal(t, want, validID(id), id)
	}
}

// master_use_pubkey_signature without the signature file stops the master.
func TestMasterPubkeySignatureMissing(t *testing.T) {
	t.Parallel()
	o := config.MasterDefaults()
	root := t.TempDir()
	o["pki_dir"] = filepath.Join(root, "pki")
	o["cachedir"] = filepath.Join(root, "cache")
	o["sock_dir"] = filepath.Join(root, "sock")
	o["master_sign_pubkey"] = true
	o["master_use_pubkey_signature"] = true
	var buf bytes.Buffer
	_, err := New(o, saltlog.New("salt.master", &buf, saltlog.Debug))
	require.Error(t, err)
	assert.Contains(t, buf.String(), "no signature file found at the defined location "+filepath.Join(root, "pki", "master_pubkey_signature"))
}

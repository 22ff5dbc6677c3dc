package pki

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testdata/minion.pub.sig was made outside Go, the way salt.crypt.sign_message
// signs (PKCS#1 v1.5, SHA-1, base64 + newline):
//
//	openssl dgst -sha1 -sign master_sign.pem minion.pub | base64 -w0
//
// with a throw-away key whose public half is testdata/master_sign.pub.
func TestVerifyPubSig(t *testing.T) {
	t.Parallel()
	verify, err := ReadPublicFile(filepath.Join("testdata", "master_sign.pub"))
	require.NoError(t, err)
	msg, err := os.ReadFile(filepath.Join("testdata", "minion.pub"))
	require.NoError(t, err)
	sig, err := os.ReadFile(filepath.Join("testdata", "minion.pub.sig"))
	require.NoError(t, err)
	other, err := LoadOrCreate(t.TempDir(), "other")
	require.NoError(t, err)
	tests := []struct {
		name string
		pub  string
		sig  string
		want bool
	}{
		{name: "signature made by openssl", pub: string(msg), sig: string(sig), want: true},
		{name: "surrounding whitespace ignored", pub: string(msg), sig: "  " + strings.TrimSpace(string(sig)) + "\n\n", want: true},
		{name: "other message", pub: other.PubPEM, sig: string(sig)},
		{name: "not base64", pub: string(msg), sig: "!!!"},
		{name: "empty", pub: string(msg), sig: ""},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, VerifyPubSig(verify, tc.pub, tc.sig), tc.name)
	}
}

func TestSignPubRoundTrip(t *testing.T) {
	t.Parallel()
	sign, err := LoadOrCreate(t.TempDir(), "master_sign")
	require.NoError(t, err)
	master, err := LoadOrCreate(t.TempDir(), "master")
	require.NoError(t, err)
	sig, err := SignPub(sign.Private, master.PubPEM)
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(sig, "\n"), "b2a_base64 adds a newline")
	assert.True(t, VerifyPubSig(&sign.Private.PublicKey, master.PubPEM, sig))
	assert.False(t, VerifyPubSig(&master.Private.PublicKey, master.PubPEM, sig), "wrong verification key")

	_, err = ReadPublicFile(filepath.Join(t.TempDir(), "missing.pub"))
	assert.ErrorContains(t, err, "read public key")
}

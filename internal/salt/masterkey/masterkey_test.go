package masterkey

import (
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNewIsAPairAsSaltWritesIt(t *testing.T) {
	p, err := New()
	require.NoError(t, err)

	blk, rest := pem.Decode(p.Private)
	require.NotNil(t, blk)
	assert.Empty(t, rest)
	assert.Equal(t, "RSA PRIVATE KEY", blk.Type, "gen_keys' TraditionalOpenSSL format")
	key, err := x509.ParsePKCS1PrivateKey(blk.Bytes)
	require.NoError(t, err)
	assert.Equal(t, Bits, key.N.BitLen())
	assert.Equal(t, 65537, key.E)

	blk, rest = pem.Decode(p.Public)
	require.NotNil(t, blk)
	assert.Empty(t, rest)
	assert.Equal(t, "PUBLIC KEY", blk.Type, "SubjectPublicKeyInfo, as gen_keys writes master.pub")
	pub, err := x509.ParsePKIXPublicKey(blk.Bytes)
	require.NoError(t, err)
	assert.True(t, key.PublicKey.Equal(pub.(*rsa.PublicKey)), "the public key is the private key's")

	other, err := New()
	require.NoError(t, err)
	assert.NotEqual(t, p.Private, other.Private, "each pair is new")
}

func TestFingerprintIsSaltsPemFinger(t *testing.T) {
	pub, err := os.ReadFile("testdata/salt.pub")
	require.NoError(t, err)
	// Computed with Salt's pem_finger (salt/utils/crypt.py) in Python.
	const want = "f7:5f:7b:c1:90:7f:f0:50:91:70:3c:6c:95:01:22:01:8b:fc:2a:ea:b8:25:35:75:a3:0e:8f:68:01:eb:8c:23"
	tests := []struct {
		name string
		text string
		want string
	}{
		{"as written", string(pub), want},
		{"CRLF line ends", strings.ReplaceAll(string(pub), "\n", "\r\n"), want},
		{"blank lines ignored", "\n" + strings.Replace(string(pub), "\n", "\n\n", 2), want},
		{"no body", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Pair{Public: []byte(tt.text)}.Fingerprint())
		})
	}
}

// Salt 3008.4's `salt-key -F --out=json` of a master.pub saltlab wrote
// (2026-12-06, run realup-real2): the whole file's sha256.
func TestFingerprintWholeIsSalt3008s(t *testing.T) {
	pub, err := os.ReadFile("testdata/seeded-3008.pub")
	require.NoError(t, err)
	p := Pair{Public: pub}
	assert.Equal(t, "de:f6:9e:f2:f2:88:43:69:f0:1a:5e:d9:93:55:ab:80:4b:45:15:66:7f:f5:88:1e:c3:ee:7d:5f:c9:d4:4a:a0", p.FingerprintWhole())
	assert.Equal(t, "0b:ef:1d:10:ce:5d:96:fb:43:53:53:9b:1d:fe:47:ac:ef:42:11:77:ba:b4:78:b0:a0:a4:c2:ca:e3:1a:3c:2a", p.Fingerprint(), "the same file as 3006 and 3007 finger it")
}

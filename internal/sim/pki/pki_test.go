package pki

import (
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFinger(t *testing.T) {
	pub, err := os.ReadFile("testdata/minion.pub")
	require.NoError(t, err)
	// Expected values computed with Salt's pem_finger code in Python.
	const want = "f7:5f:7b:c1:90:7f:f0:50:91:70:3c:6c:95:01:22:01:8b:fc:2a:ea:b8:25:35:75:a3:0e:8f:68:01:eb:8c:23"
	tests := []struct {
		name string
		text string
		want string
	}{
		{name: "file as written", text: string(pub), want: want},
		{name: "CRLF line endings", text: strings.ReplaceAll(string(pub), "\n", "\r\n"), want: want},
		{name: "blank lines ignored", text: "\n" + strings.Replace(string(pub), "\n", "\n\n", 2), want: want},
		{name: "not a pem", text: "x", want: ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Finger(tc.text))
		})
	}
	assert.Equal(t, want, FingerFile("testdata/minion.pub"))
	assert.Equal(t, "", FingerFile("testdata/absent"))
}

func TestLoadOrCreateFormats(t *testing.T) {
	dir := t.TempDir()
	kp, err := LoadOrCreate(dir, "master")
	require.NoError(t, err)
	pemBytes, err := os.ReadFile(filepath.Join(dir, "master.pem"))
	require.NoError(t, err)
	blk, _ := pem.Decode(pemBytes)
	require.NotNil(t, blk)
	assert.Equal(t, "RSA PRIVATE KEY", blk.Type)
	k, err := x509.ParsePKCS1PrivateKey(blk.Bytes)
	require.NoError(t, err)
	assert.Equal(t, KeyBits, k.N.BitLen())
	pubBytes, err := os.ReadFile(filepath.Join(dir, "master.pub"))
	require.NoError(t, err)
	pblk, _ := pem.Decode(pubBytes)
	require.NotNil(t, pblk)
	assert.Equal(t, "PUBLIC KEY", pblk.Type)
	assert.Equal(t, kp.PubPEM, string(pubBytes))

	again, err := LoadOrCreate(dir, "master")
	require.NoError(t, err)
	assert.Equal(t, kp.PubPEM, again.PubPEM, "existing keys are loaded, not replaced")
}

// Two masters sharing one pki_dir volume may start at the same time: all
// must end up with the same key pair and no temp files may remain.
func TestLoadOrCreateConcurrent(t *testing.T) {
	dir := t.TempDir()
	const n = 4
	pubs := make([]string, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			kp, err := LoadOrCreate(dir, "master")
			if assert.NoError(t, err) {
				pubs[i] = kp.PubPEM
			}
		}()
	}
	wg.Wait()
	for i := 1; i < n; i++ {
		assert.Equal(t, pubs[0], pubs[i])
	}
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	assert.ElementsMatch(t, []string{"master.pem", "master.pub"}, names)
}

func TestKeyDirs(t *testing.T) {
	k := KeyDirs{Root: t.TempDir()}
	require.NoError(t, k.Ensure())
	require.NoError(t, k.Write(Pending, "b", "KEY"))
	require.NoError(t, k.Write(Pending, "A", "KEY"))
	require.NoError(t, k.Write(Pending, "c", "KEY"))
	assert.Equal(t, []string{"A", "b", "c"}, k.List(Pending), "case-insensitive sort")
	require.NoError(t, k.Move(Pending, Accepted, "b"))
	assert.Equal(t, []string{"b"}, k.List(Accepted))
	assert.Equal(t, []string{"A", "c"}, k.Match(Pending, "*"))
	assert.Equal(t, []string{}, k.List(Denied))
	require.NoError(t, k.Remove(Accepted, "b"))
	require.NoError(t, k.Remove(Accepted, "b"), "removing a missing key is fine")
	assert.True(t, SameKey("K\n", "K"))
}

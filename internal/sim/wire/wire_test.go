package wire

import (
	"crypto/rand"
	"crypto/rsa"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFrames(t *testing.T) {
	a, b := net.Pipe()
	ca, cb := NewConn(a), NewConn(b)
	defer ca.Close()
	defer cb.Close()
	go func() {
		var req Request
		if cb.Recv(&req) == nil {
			_ = cb.Send(map[string]any{"ret": req.Cmd})
		}
	}()
	var reply map[string]any
	require.NoError(t, ca.Request(Request{Cmd: CmdPing}, &reply, time.Second))
	assert.Equal(t, map[string]any{"ret": "ping"}, reply)
}

func TestCrypto(t *testing.T) {
	key, err := NewAESKey()
	require.NoError(t, err)
	sealed, err := Seal(key, Publication{Jid: "1", Fun: "test.ping", Arg: []any{}})
	require.NoError(t, err)
	var p Publication
	require.NoError(t, Open(key, sealed, &p))
	assert.Equal(t, "test.ping", p.Fun)
	other, _ := NewAESKey()
	assert.ErrorIs(t, Open(other, sealed, &p), ErrDecrypt, "a restarted master's new key cannot read old payloads")
	assert.ErrorIs(t, Open(key, []byte{1}, &p), ErrDecrypt)

	priv, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	wrapped, err := EncryptKey(&priv.PublicKey, key)
	require.NoError(t, err)
	unwrapped, err := DecryptKey(priv, wrapped)
	require.NoError(t, err)
	assert.Equal(t, key, unwrapped)
	sig, err := Sign(priv, []byte("payload"))
	require.NoError(t, err)
	assert.NoError(t, Verify(&priv.PublicKey, []byte("payload"), sig))
	assert.Error(t, Verify(&priv.PublicKey, []byte("tampered"), sig))
}

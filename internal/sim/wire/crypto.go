package wire

import (
	"crypto"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
)

// AESKeySize is the master's session (publication/return) key size.
const AESKeySize = 32

// NewAESKey returns a random key.
func NewAESKey() ([]byte, error) {
	k := make([]byte, AESKeySize)
	if _, err := rand.Read(k); err != nil {
		return nil, fmt.Errorf("generate aes key: %w", err)
	}
	return k, nil
}

// Seal JSON-encodes v and encrypts it with AES-GCM (nonce prepended).
func Seal(key []byte, v any) ([]byte, error) {
	plain, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode payload: %w", err)
	}
	g, err := gcm(key)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, g.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, fmt.Errorf("generate nonce: %w", err)
	}
	return g.Seal(nonce, nonce, plain, nil), nil
}

// ErrDecrypt means the payload was not sealed with this key (e.g. the master
// restarted and has a new key): Salt re-authenticates in that case.
var ErrDecrypt = errors.New("payload decryption failed")

// Open decrypts a Seal output into v.
func Open(key, sealed []byte, v any) error {
	g, err := gcm(key)
	if err != nil {
		return err
	}
	if len(sealed) < g.NonceSize() {
		return ErrDecrypt
	}
	plain, err := g.Open(nil, sealed[:g.NonceSize()], sealed[g.NonceSize():], nil)
	if err != nil {
		return ErrDecrypt
	}
	if err := json.Unmarshal(plain, v); err != nil {
		return fmt.Errorf("decode payload: %w", err)
	}
	return nil
}

func gcm(key []byte) (cipher.AEAD, error) {
	blk, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("init aes: %w", err)
	}
	g, err := cipher.NewGCM(blk)
	if err != nil {
		return nil, fmt.Errorf("init gcm: %w", err)
	}
	return g, nil
}

// EncryptKey wraps a session key for one minion (RSA-OAEP-SHA256).
func EncryptKey(pub *rsa.PublicKey, key []byte) ([]byte, error) {
	b, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, pub, key, nil)
	if err != nil {
		return nil, fmt.Errorf("encrypt session key: %w", err)
	}
	return b, nil
}

// DecryptKey unwraps a session key with the minion's private key.
func DecryptKey(priv *rsa.PrivateKey, b []byte) ([]byte, error) {
	k, err := rsa.DecryptOAEP(sha256.New(), rand.Reader, priv, b, nil)
	if err != nil {
		return nil, fmt.Errorf("decrypt session key: %w", err)
	}
	return k, nil
}

// Sign signs data with the master key (RSA PKCS#1 v1.5, SHA-256).
func Sign(priv *rsa.PrivateKey, data []byte) ([]byte, error) {
	h := sha256.Sum256(data)
	s, err := rsa.SignPKCS1v15(rand.Reader, priv, crypto.SHA256, h[:])
	if err != nil {
		return nil, fmt.Errorf("sign payload: %w", err)
	}
	return s, nil
}

// Verify checks a Sign signature.
func Verify(pub *rsa.PublicKey, data, sig []byte) error {
	h := sha256.Sum256(data)
	if err := rsa.VerifyPKCS1v15(pub, crypto.SHA256, h[:], sig); err != nil {
		return fmt.Errorf("verify payload: %w", err)
	}
	return nil
}

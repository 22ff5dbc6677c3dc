package stack

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"fmt"
)

// KeyPair is the masters' shared key pair as Salt stores it: master.pem
// (PKCS#1) and master.pub (SubjectPublicKeyInfo), both PEM.
type KeyPair struct {
	Private []byte
	Public  []byte
}

// keyBits is the size Salt gives a master's key (keysize, default 2048).
const keyBits = 2048

// NewKeyPair makes the key pair every master of a lab on Swarm shares.
// On compose the first master writes it onto a shared volume and key-wait
// hands it on; Swarm nodes share no volume, so saltlab makes the pair and
// gives it to every master as Swarm secrets (docs/swarm.md).
func NewKeyPair() (KeyPair, error) {
	key, err := rsa.GenerateKey(rand.Reader, keyBits)
	if err != nil {
		return KeyPair{}, fmt.Errorf("generate master key pair: %w", err)
	}
	pub, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		return KeyPair{}, fmt.Errorf("encode master public key: %w", err)
	}
	return KeyPair{
		Private: pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}),
		Public:  pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub}),
	}, nil
}

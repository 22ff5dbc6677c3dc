// Package masterkey is how Salt makes and stores a master's key pair:
// the pair two or more masters share in a hot or failover setup, which
// saltlab makes itself where the first master need not (a compose lab's
// fresh key volume, Swarm's secrets).
package masterkey

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"io/fs"
	"strings"
)

// Bits is the size Salt gives a master's key: the master's keysize
// default (salt/config DEFAULT_MASTER_OPTS, 2048 in 3006 to 3008).
const Bits = 2048

// The pair's files in pki_dir as salt/crypt.py write_keys leaves them: the
// private key written under umask 0277 (0400), the public key under the
// daemon's umask (0644 with the usual 022).
const (
	PrivateFile = "master.pem"
	PublicFile  = "master.pub"

	PrivateMode fs.FileMode = 0o400
	PublicMode  fs.FileMode = 0o644
)

// Pair is a master key pair as Salt stores it: the private key PKCS#1 PEM
// ("RSA PRIVATE KEY", cryptography's TraditionalOpenSSL format, which
// gen_keys uses without a passphrase), the public key SubjectPublicKeyInfo
// PEM ("PUBLIC KEY").
type Pair struct {
	Private []byte
	Public  []byte
}

// New makes a pair as salt/crypt.py gen_keys does: RSA of Bits bits,
// public exponent 65537 (Go's fixed exponent, and gen_keys' default).
func New() (Pair, error) {
	key, err := rsa.GenerateKey(rand.Reader, Bits)
	if err != nil {
		return Pair{}, fmt.Errorf("generate master key pair: %w", err)
	}
	pub, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		return Pair{}, fmt.Errorf("encode master public key: %w", err)
	}
	return Pair{
		Private: pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}),
		Public:  pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub}),
	}, nil
}

// Fingerprint is the public key's fingerprint as `salt-key -F` of Salt
// 3006 and 3007 (and the double) prints it with the default hash_type
// sha256 (salt/utils/crypt.py pem_finger of the file's path): the sha256 of
// the file's non-blank lines but the first and the last, newlines kept, as
// hex pairs joined by colons.
func (p Pair) Fingerprint() string {
	var lines []string
	for _, l := range strings.SplitAfter(strings.ReplaceAll(string(p.Public), "\r\n", "\n"), "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) < 2 {
		return ""
	}
	return colonHex(sha256.Sum256([]byte(strings.Join(lines[1:len(lines)-1], ""))))
}

// FingerprintWhole is the fingerprint Salt 3008's `salt-key -F` prints:
// its key cache hands pem_finger the whole file (salt/key.py finger:
// pem_finger(key=pub)), armour included, so the sha256 is of every byte.
func (p Pair) FingerprintWhole() string {
	return colonHex(sha256.Sum256(p.Public))
}

func colonHex(sum [sha256.Size]byte) string {
	h := hex.EncodeToString(sum[:])
	pairs := make([]string, 0, len(h)/2)
	for i := 0; i < len(h); i += 2 {
		pairs = append(pairs, h[i:i+2])
	}
	return strings.Join(pairs, ":")
}

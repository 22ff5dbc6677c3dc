package pki

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1" //nolint:gosec // Salt's default signing_algorithm is PKCS1v15-SHA1
	"encoding/base64"
	"fmt"
	"os"
	"strings"
)

// SignPub is salt.crypt.sign_message over a master.pub text with the
// master_sign key, base64 encoded with a trailing newline like
// binascii.b2a_base64 (what `salt-key --gen-signature` writes and what the
// sign-in reply's pub_sig carries). SHA-1 because Salt's default
// signing_algorithm is PKCS1v15-SHA1, so signature files made by real Salt
// verify in the double and vice versa.
func SignPub(signKey *rsa.PrivateKey, pubPEM string) (string, error) {
	h := sha1.Sum([]byte(pubPEM)) //nolint:gosec // see above
	s, err := rsa.SignPKCS1v15(rand.Reader, signKey, crypto.SHA1, h[:])
	if err != nil {
		return "", fmt.Errorf("sign master pubkey: %w", err)
	}
	return base64.StdEncoding.EncodeToString(s) + "\n", nil
}

// VerifyPubSig checks a SignPub signature (verify_signature); surrounding
// whitespace in sig is ignored like binascii.a2b_base64 does.
func VerifyPubSig(verifyKey *rsa.PublicKey, pubPEM, sig string) bool {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(sig))
	if err != nil {
		return false
	}
	h := sha1.Sum([]byte(pubPEM)) //nolint:gosec // see above
	return rsa.VerifyPKCS1v15(verifyKey, crypto.SHA1, h[:], raw) == nil
}

// ReadPublicFile loads a PEM public key file such as master_sign.pub.
func ReadPublicFile(path string) (*rsa.PublicKey, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read public key: %w", err)
	}
	pub, err := ParsePublic(string(b))
	if err != nil {
		return nil, fmt.Errorf("parse public key %s: %w", path, err)
	}
	return pub, nil
}

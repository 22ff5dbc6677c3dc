// Package pki manages Salt's RSA key files: the key pairs of masters and
// minions, their fingerprints, and the master's minion key directories.
package pki

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// KeyBits is the size Salt uses for generated keys (keysize default 2048).
const KeyBits = 2048

// KeyPair is a loaded private key with its public PEM text as stored on disk.
type KeyPair struct {
	Private *rsa.PrivateKey
	PubPEM  string
}

// LoadOrCreate loads <dir>/<name>.pem and .pub, generating them if absent.
// Two masters may share one pki_dir volume and start together, so creation
// must never expose a half-written file and must not let the second process
// silently replace the first one's key: the private key is published with a
// hard link (fails if it exists) and the public key, which is derived from
// it, with an atomic rename.
func LoadOrCreate(dir, name string) (*KeyPair, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create pki dir: %w", err)
	}
	pemPath := filepath.Join(dir, name+".pem")
	if _, err := os.Stat(pemPath); errors.Is(err, fs.ErrNotExist) {
		if err := createPrivate(dir, pemPath); err != nil {
			return nil, err
		}
	}
	priv, err := ReadPrivate(pemPath)
	if err != nil {
		return nil, err
	}
	pub, err := PublicPEM(&priv.PublicKey)
	if err != nil {
		return nil, err
	}
	pubPath := filepath.Join(dir, name+".pub")
	if cur, err := os.ReadFile(pubPath); err != nil || string(cur) != pub {
		if err := writeAtomic(pubPath, []byte(pub), 0o644); err != nil {
			return nil, err
		}
	}
	return &KeyPair{Private: priv, PubPEM: pub}, nil
}

func createPrivate(dir, pemPath string) error {
	key, err := rsa.GenerateKey(rand.Reader, KeyBits)
	if err != nil {
		return fmt.Errorf("generate key: %w", err)
	}
	body := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
	tmp, err := writeTemp(dir, body, 0o400)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	if err := os.Link(tmp, pemPath); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("publish private key: %w", err)
	}
	return nil
}

// ReadPrivate parses a PKCS#1 (or PKCS#8) PEM private key file.
func ReadPrivate(path string) (*rsa.PrivateKey, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read private key: %w", err)
	}
	blk, _ := pem.Decode(b)
	if blk == nil {
		return nil, fmt.Errorf("decode private key %s: no PEM block", path)
	}
	if k, err := x509.ParsePKCS1PrivateKey(blk.Bytes); err == nil {
		return k, nil
	}
	k, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
	if err != nil {
		return nil, fmt.Errorf("parse private key: %w", err)
	}
	rk, ok := k.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("parse private key %s: not RSA", path)
	}
	return rk, nil
}

// PublicPEM renders a public key as PEM "PUBLIC KEY" (PKIX), like Salt.
func PublicPEM(pub *rsa.PublicKey) (string, error) {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return "", fmt.Errorf("marshal public key: %w", err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})), nil
}

// ParsePublic parses PEM "PUBLIC KEY" or "RSA PUBLIC KEY" text.
func ParsePublic(text string) (*rsa.PublicKey, error) {
	blk, _ := pem.Decode([]byte(text))
	if blk == nil {
		return nil, errors.New("parse public key: no PEM block")
	}
	if k, err := x509.ParsePKIXPublicKey(blk.Bytes); err == nil {
		if rk, ok := k.(*rsa.PublicKey); ok {
			return rk, nil
		}
		return nil, errors.New("parse public key: not RSA")
	}
	k, err := x509.ParsePKCS1PublicKey(blk.Bytes)
	if err != nil {
		return nil, fmt.Errorf("parse public key: %w", err)
	}
	return k, nil
}

func writeTemp(dir string, data []byte, mode os.FileMode) (string, error) {
	f, err := os.CreateTemp(dir, ".tmp-key-*")
	if err != nil {
		return "", fmt.Errorf("create temp key: %w", err)
	}
	name := f.Name()
	_, werr := f.Write(data)
	serr := f.Sync()
	cerr := f.Close()
	if err := errors.Join(werr, serr, cerr, os.Chmod(name, mode)); err != nil {
		os.Remove(name)
		return "", fmt.Errorf("write temp key: %w", err)
	}
	return name, nil
}

// writeAtomic replaces path with data so readers never see a partial file.
func writeAtomic(path string, data []byte, mode os.FileMode) error {
	tmp, err := writeTemp(filepath.Dir(path), data, mode)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("publish %s: %w", filepath.Base(path), err)
	}
	return nil
}

// WriteFileAtomic is writeAtomic for other packages (minion_master.pub, key dirs).
func WriteFileAtomic(path string, data []byte, mode os.FileMode) error {
	return writeAtomic(path, data, mode)
}

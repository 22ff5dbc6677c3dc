// Package eauth is Salt's external authentication for the double
// (salt/auth/__init__.py LoadAuth, salt/tokens/localfs.py): the auto,
// sharedsecret and file backends, eauth tokens stored as files under
// <cachedir>/tokens, and permission lists (salt/utils/minions.py).
package eauth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Token is a Salt eauth token as mk_token returns it.
type Token struct {
	Token  string  `json:"token"`
	Start  float64 `json:"start"`
	Expire float64 `json:"expire"`
	Name   string  `json:"name"`
	Eauth  string  `json:"eauth"`
}

// ErrUnsupportedStore means eauth_tokens names a backend the double lacks.
var ErrUnsupportedStore = errors.New("eauth_tokens backend is not supported by the Salt double (only localfs)")

// tokenStore is the localfs token backend: one file per token in token_dir.
// INFER: Salt serialises the file with msgpack; the double writes JSON.
type tokenStore struct{ dir string }

// newToken is LoadAuth.mk_token's token: the hash_type (sha256) hex digest
// of 512 random bytes.
func newToken() (string, error) {
	b := make([]byte, 512)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("generate token: %w", err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

func (s tokenStore) write(t Token) error {
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return fmt.Errorf("create token dir: %w", err)
	}
	b, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("encode token: %w", err)
	}
	tmp := filepath.Join(s.dir, "."+t.Token+".tmp")
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("write token: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(s.dir, t.Token)); err != nil {
		return fmt.Errorf("write token: %w", err)
	}
	return nil
}

// read returns a stored token; ok is false for unknown or malformed names.
func (s tokenStore) read(tok string) (Token, bool) {
	if !IsHex(tok) {
		return Token{}, false
	}
	b, err := os.ReadFile(filepath.Join(s.dir, tok))
	if err != nil {
		return Token{}, false
	}
	var t Token
	if json.Unmarshal(b, &t) != nil || t.Token != tok {
		return Token{}, false
	}
	return t, true
}

func (s tokenStore) remove(tok string) {
	if IsHex(tok) {
		if err := os.Remove(filepath.Join(s.dir, tok)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return
		}
	}
}

// IsHex is rest_cherrypy's int(token, 16) check.
func IsHex(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func epoch(t time.Time) float64 { return float64(t.UnixNano()) / 1e9 }

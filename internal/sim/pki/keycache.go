package pki

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// KeyCache keeps generated private keys by minion id in one directory, so
// a fleet's keys are generated once and reused by later labs: generating
// a 2048-bit key takes about 75 ms of CPU here (Go's crypto/rsa on the
// 2-core test machine), 75 s for a thousand minions, and a fleet that
// generates its keys while it signs in starves its own sign-ins. Only the
// private key is kept (the public key is derived from it), as
// <Dir>/<id>.pem, mode 0400.
type KeyCache struct{ Dir string }

func (c KeyCache) path(id string) string { return filepath.Join(c.Dir, id+".pem") }

// Restore gives the pki dir the cached private key of id when it has
// none; found says whether the cache had one. A pki dir with a key keeps
// it: the cache never replaces a key a master may already know.
func (c KeyCache) Restore(id, dir, name string) (found bool, err error) {
	body, err := os.ReadFile(c.path(id))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read cached key of %s: %w", id, err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return false, fmt.Errorf("create pki dir: %w", err)
	}
	tmp, err := writeTemp(dir, body, 0o400)
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp)
	if err := os.Link(tmp, filepath.Join(dir, name+".pem")); err != nil && !errors.Is(err, fs.ErrExist) {
		return false, fmt.Errorf("restore cached key of %s: %w", id, err)
	}
	return true, nil
}

// Keep stores the pki dir's private key for id when the cache lacks it.
// Two labs may keep the same id at once: each writes a whole file and
// renames it into place, so the cache holds one of their valid keys.
func (c KeyCache) Keep(id, dir, name string) error {
	if _, err := os.Stat(c.path(id)); err == nil {
		return nil
	}
	body, err := os.ReadFile(filepath.Join(dir, name+".pem"))
	if err != nil {
		return fmt.Errorf("read key of %s: %w", id, err)
	}
	if err := os.MkdirAll(c.Dir, 0o700); err != nil {
		return fmt.Errorf("create key cache: %w", err)
	}
	return writeAtomic(c.path(id), body, 0o400)
}

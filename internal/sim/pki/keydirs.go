package pki

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Status is a master key directory, named as in salt-key's JSON output.
type Status string

// The four minion key states of a master pki_dir.
const (
	Accepted Status = "minions"
	Pending  Status = "minions_pre"
	Rejected Status = "minions_rejected"
	Denied   Status = "minions_denied"
)

// AllStatuses returns the states in the order salt-key -L --out=json uses.
func AllStatuses() []Status { return []Status{Accepted, Pending, Rejected, Denied} }

// KeyDirs is a master pki_dir's minion key store.
type KeyDirs struct{ Root string }

// Ensure creates the minion key directories.
func (k KeyDirs) Ensure() error {
	for _, s := range append(AllStatuses(), "minions_autosign") {
		if err := os.MkdirAll(filepath.Join(k.Root, string(s)), 0o700); err != nil {
			return fmt.Errorf("create key dir: %w", err)
		}
	}
	return nil
}

func (k KeyDirs) path(s Status, id string) string { return filepath.Join(k.Root, string(s), id) }

// Read returns the stored key for id in state s; ok is false if absent.
func (k KeyDirs) Read(s Status, id string) (string, bool) {
	b, err := os.ReadFile(k.path(s, id))
	if err != nil {
		return "", false
	}
	return string(b), true
}

// Write stores a key atomically.
func (k KeyDirs) Write(s Status, id, key string) error {
	if err := os.MkdirAll(filepath.Join(k.Root, string(s)), 0o700); err != nil {
		return fmt.Errorf("create key dir: %w", err)
	}
	return writeAtomic(k.path(s, id), []byte(key), 0o644)
}

// Remove deletes a key; a missing key is not an error.
func (k KeyDirs) Remove(s Status, id string) error {
	if err := os.Remove(k.path(s, id)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove key: %w", err)
	}
	return nil
}

// Move moves a key between states.
func (k KeyDirs) Move(from, to Status, id string) error {
	key, ok := k.Read(from, id)
	if !ok {
		return fmt.Errorf("move key %s: not in %s", id, from)
	}
	if err := k.Write(to, id, key); err != nil {
		return err
	}
	return k.Remove(from, id)
}

// List returns the ids in state s, sorted case-insensitively like salt-key.
func (k KeyDirs) List(s Status) []string {
	ents, err := os.ReadDir(filepath.Join(k.Root, string(s)))
	if err != nil {
		return []string{}
	}
	out := []string{}
	for _, e := range ents {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, e.Name())
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return strings.ToLower(out[i]) < strings.ToLower(out[j]) })
	return out
}

// Match returns ids in state s matching a shell glob.
func (k KeyDirs) Match(s Status, glob string) []string {
	out := []string{}
	for _, id := range k.List(s) {
		if ok, _ := path.Match(glob, id); ok {
			out = append(out, id)
		}
	}
	return out
}

// Path returns the file path of a key, for fingerprints.
func (k KeyDirs) Path(s Status, id string) string { return k.path(s, id) }

// SameKey compares two PEM texts the way Salt does (whitespace-insensitive ends).
func SameKey(a, b string) bool { return strings.TrimSpace(a) == strings.TrimSpace(b) }

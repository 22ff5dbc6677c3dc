// Package owned is how saltlab tells its own folders and files from the
// user's. saltlab runs as root on the user's machine: a folder it would
// empty, replace or remove must be one it made, and it says so with a
// marker file it writes into each such folder when it makes it (Marker).
// A folder without the marker is never removed, emptied or replaced:
// named by a flag, an existing non-empty one is refused before any work,
// naming it and the fix; saltlab may still add its own marked folders
// beside the user's files in it (a reports folder, a state folder).
//
// The roots saltlab writes below (the reports folder, the state folder,
// the checkout's .cache, a wheelhouse) are resolved, symlinks too, and
// refused when they are /, a home folder or a system folder (Root).
// Output files are replaced only when they are regular files, through a
// temporary file in the same folder renamed over them (WriteFile), or
// opened without following a symlink (Create, Append): never a symlink's
// target, a device or a fifo.
//
// Every removal, replacement and write of saltlab's on the host goes
// through this package; a test fails if a package does one another way.
package owned

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Marker is the file that makes a folder saltlab's.
const Marker = ".saltlab-owned"

// markerText is what the marker says to a person who finds it.
const markerText = "saltlab made this folder and may empty, replace or remove it (https://github.com/saltlab/saltlab, internal/owned).\n" +
	"Delete this file to keep saltlab from touching the folder.\n"

// Refusal is why saltlab leaves a path alone: what it is (Why) and what
// to do instead (Fix).
type Refusal struct {
	Path string
	Why  string
	Fix  string
}

func (r *Refusal) Error() string {
	if r.Fix == "" {
		return r.Path + " " + r.Why
	}
	return r.Path + " " + r.Why + ": " + r.Fix
}

// IsRefusal reports whether err is (or wraps) a Refusal.
func IsRefusal(err error) bool {
	var r *Refusal
	return errors.As(err, &r)
}

// notOurs is the refusal of an existing folder without the marker.
func notOurs(dir string) *Refusal {
	return &Refusal{Path: dir, Why: "holds files saltlab did not put there (it carries no " + Marker + "), and saltlab empties, replaces or removes only folders it made",
		Fix: "name a new or empty folder"}
}

// Is reports whether dir is a folder carrying saltlab's marker (a regular
// file; a symlink named so does not count).
func Is(dir string) bool {
	fi, err := os.Lstat(filepath.Join(dir, Marker))
	return err == nil && fi.Mode().IsRegular()
}

// Claimable says, without changing anything, whether Claim would take
// dir: absent, an empty folder, or a folder carrying the marker.
func Claimable(dir string) error {
	st, err := inspect(dir)
	if err == nil && st == foreign {
		return notOurs(dir)
	}
	return err
}

// state is what inspect found at a folder's path.
type state int

const (
	absent  state = iota
	empty         // a folder with nothing in it
	marked        // a folder carrying the marker
	foreign       // a folder with files and no marker: the user's
)

func inspect(dir string) (state, error) {
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return absent, nil
	case err != nil:
		return 0, err
	case fi.Mode()&fs.ModeSymlink != 0:
		return 0, &Refusal{Path: dir, Why: "is a symlink, and saltlab writes and removes only folders it made, never through a link", Fix: "name the folder itself"}
	case !fi.IsDir():
		return 0, &Refusal{Path: dir, Why: "is " + kind(fi.Mode()) + ", not a folder", Fix: "name a folder (saltlab creates it when it is missing)"}
	}
	if Is(dir) {
		return marked, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	if len(entries) == 0 {
		return empty, nil
	}
	return foreign, nil
}

// Claim makes dir saltlab's: it creates it (mode perm, parents 0755) when
// absent and marks it, marks it when it is an empty folder, and takes it
// as it is when it carries the marker; anything else is refused
// (Claimable). fresh says whether the marker was written now: everything
// in the folder is then this claim's.
func Claim(dir string, perm fs.FileMode) (fresh bool, err error) {
	st, err := inspect(dir)
	if err != nil {
		return false, err
	}
	switch st {
	case marked:
		return false, nil
	case foreign:
		return false, notOurs(dir)
	case absent:
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			return false, err
		}
		if err := os.Mkdir(dir, perm); err != nil {
			if errors.Is(err, fs.ErrExist) {
				return Claim(dir, perm) // made meanwhile, by another lab of the run
			}
			return false, err
		}
	}
	return mark(dir)
}

// mark writes the marker into dir; one already there (another lab of the
// same run marked it first) is fine.
func mark(dir string) (bool, error) {
	f, err := os.OpenFile(filepath.Join(dir, Marker), os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o644)
	if errors.Is(err, fs.ErrExist) && Is(dir) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("mark %s as saltlab's: %w", dir, err)
	}
	_, werr := f.WriteString(markerText)
	if err := errors.Join(werr, f.Close()); err != nil {
		return false, fmt.Errorf("mark %s as saltlab's: %w", dir, err)
	}
	return true, nil
}

// Unmark removes dir's marker: the folder is the user's again.
func Unmark(dir string) error {
	if err := os.Remove(filepath.Join(dir, Marker)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// RemoveAll removes dir and everything in it when it is saltlab's; a
// missing dir is fine. A folder without the marker, a symlink or a file
// is refused and left as it is.
func RemoveAll(dir string) error {
	st, err := inspect(dir)
	switch {
	case err != nil:
		return err
	case st == absent:
		return nil
	case st != marked: // an empty folder saltlab did not mark is not its either
		r := notOurs(dir)
		r.Fix = "saltlab left it as it is; remove it yourself if it is no longer needed"
		return r
	}
	return os.RemoveAll(dir)
}

// RemoveIfEmpty removes dir when it is saltlab's and holds nothing but
// its marker; otherwise it leaves it.
func RemoveIfEmpty(dir string) error {
	if !Is(dir) {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		return err
	}
	if err := Unmark(dir); err != nil {
		return err
	}
	if err := os.Remove(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// Replace moves the folder from (saltlab's, marked) onto dir in one
// rename: dir must be missing, an empty folder or saltlab's, and is
// removed first.
func Replace(from, dir string) error {
	if !Is(from) {
		return &Refusal{Path: from, Why: "carries no " + Marker, Fix: "saltlab moves only folders it made"}
	}
	st, err := inspect(dir)
	switch {
	case err != nil:
		return err
	case st == foreign:
		return notOurs(dir)
	case st == empty:
		err = os.Remove(dir) // only ever an empty folder
	case st == marked:
		err = os.RemoveAll(dir)
	}
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	return os.Rename(from, dir)
}

// kind names what a path that is not what was wanted is, for a message.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSymlink != 0:
		return "a symlink"
	case m&fs.ModeNamedPipe != 0:
		return "a fifo (named pipe)"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsRegular():
		return "a file"
	}
	return "not a plain file (mode " + m.String() + ")"
}

// RemoveIn removes name (a file or a folder, whole) from dir, a folder
// of saltlab's: what is in a folder saltlab made is its own. A dir
// without the marker is refused.
func RemoveIn(dir, name string) error {
	if !Is(dir) {
		r := notOurs(dir)
		r.Fix = "saltlab left " + name + " in it as it is"
		return r
	}
	if name == "" || name == "." || name == ".." || filepath.Base(name) != name {
		return &Refusal{Path: filepath.Join(dir, name), Why: "is not a name in " + dir}
	}
	return os.RemoveAll(filepath.Join(dir, name))
}

// TempDir makes a new folder of saltlab's under the system's temporary
// folder (os.MkdirTemp's pattern), marked, for work RemoveAll removes.
func TempDir(pattern string) (string, error) {
	dir, err := os.MkdirTemp("", pattern)
	if err != nil {
		return "", err
	}
	if _, err := mark(dir); err != nil {
		_ = os.Remove(dir)
		return "", err
	}
	return dir, nil
}

// RemoveBelow removes p (a file, or a folder whole) that lies below root,
// a folder of saltlab's; a path whose folders lead out of root through a
// symlink (a tree saltlab built holds links of its own) is refused.
func RemoveBelow(root, p string) error {
	if !Is(root) {
		r := notOurs(root)
		r.Fix = "saltlab left " + p + " as it is"
		return r
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return err
	}
	parent, err := filepath.EvalSymlinks(filepath.Dir(p))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if parent != realRoot && !strings.HasPrefix(parent, realRoot+string(filepath.Separator)) {
		return &Refusal{Path: p, Why: "lies outside " + root + " (its folder resolves to " + parent + ")", Fix: "saltlab removes only what is in its own folders"}
	}
	return os.RemoveAll(filepath.Join(parent, filepath.Base(p)))
}

// Adopt marks dir, a folder an older saltlab made before folders carried
// the marker, as saltlab's. The caller vouches for it: every entry in it
// is one saltlab writes, by name and kind (runstate's private dirs).
func Adopt(dir string) error {
	st, err := inspect(dir)
	if err != nil || st == marked {
		return err
	}
	if st == absent {
		return &Refusal{Path: dir, Why: "does not exist"}
	}
	_, err = mark(dir)
	return err
}

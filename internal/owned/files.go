package owned

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Replaceable refuses a path saltlab would write a file at when something
// other than a regular file is there: a symlink (its target is not
// saltlab's to change), a device, a fifo, a socket or a folder. Nothing
// there is fine.
func Replaceable(path string) error {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case fi.Mode().IsRegular():
		return nil
	case fi.Mode()&fs.ModeSymlink != 0:
		return &Refusal{Path: path, Why: "is a symlink, and saltlab replaces only regular files it wrote, never a link's target", Fix: "remove the link, or name another file"}
	}
	return &Refusal{Path: path, Why: "is " + kind(fi.Mode()) + ", and saltlab replaces only regular files it wrote", Fix: "name another file"}
}

// WriteFile writes data to path (mode perm) through a temporary file in
// the same folder renamed over it, so a reader never sees half a file and
// a failed write leaves the old one whole. What is at path must be a
// regular file, or nothing.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	if err := Replaceable(path); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	err = errors.Join(werr, f.Chmod(perm), f.Close())
	if err == nil {
		err = Replaceable(path) // still nothing else there
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// Create opens path for a new file's content (mode perm when it is
// created; a regular file there is truncated). It never follows a
// symlink, and refuses a device, a fifo or a folder, before and after
// the open (which does not block, so a fifo swapped in is refused, not
// waited on).
func Create(path string, perm fs.FileMode) (*os.File, error) {
	f, err := open(path, os.O_WRONLY|os.O_CREATE, perm)
	if err != nil {
		return nil, err
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// Append opens path to add to its end, created (mode perm) when missing,
// with Create's refusals.
func Append(path string, perm fs.FileMode) (*os.File, error) {
	return open(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, perm)
}

func open(path string, flag int, perm fs.FileMode) (*os.File, error) {
	if err := Replaceable(path); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, flag|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, perm)
	if errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.ENXIO) {
		if rerr := Replaceable(path); rerr != nil {
			return nil, rerr // a link or a fifo appeared meanwhile: say which
		}
	}
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = &Refusal{Path: path, Why: "is " + kind(fi.Mode()) + ", and saltlab writes only regular files", Fix: "name another file"}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

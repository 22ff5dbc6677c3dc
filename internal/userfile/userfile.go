// Package userfile reads the files a user hands saltlab: named by a flag,
// an argument or the environment, found in a folder the user named
// (--states, --master-config, a feature folder, SALTLAB_WHEELHOUSE, a
// checkout given with --root), or written by an earlier saltlab into a
// folder the user names now (a run folder's history, run.json). Each must
// be a regular file no larger than the limit of its kind, and that is
// checked before it is opened: a device, a fifo or a folder where a file
// is wanted, or a file too large, is an error naming the path, what it is,
// the limit and the fix, never a read that does not end (a fifo waits for a
// writer forever, /dev/zero never runs dry).
//
// Every read of such a file goes through Open or ReadFile; a test in
// cmd/saltlab fails if a package reads a file another way.
package userfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// The limits, by kind of file. Each is far above what saltlab itself or
// a person writes, and far below what would exhaust the memory of the
// small machines saltlab runs on.
const (
	// Text bounds a file a person writes, or saltlab writes for one:
	// compose files, drop-ins, feature files, Markdown tables, the release
	// matrix's ledger, run.json, the caches' small JSON files, a password.
	Text int64 = 16 << 20
	// Record bounds what a run records as it goes: its history, fault
	// ledger, verdicts, summary and JUnit files (a run of a thousand
	// minions for hours writes tens of megabytes).
	Record int64 = 1 << 30
	// Archive bounds a package or a wheel (a build context's files, a
	// wheelhouse's digests), and a source file of the checkout.
	Archive int64 = 2 << 30
)

// Error says why a path is not a file saltlab reads: what it is instead
// (Problem) and what to do (Fix).
type Error struct {
	Path    string
	Problem string
	Fix     string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s %s: %s", e.Path, e.Problem, e.Fix)
}

// Is reports whether err is (or wraps) an Error: the path named is not a
// file of bounded size.
func Is(err error) bool {
	var e *Error
	return errors.As(err, &e)
}

// Check returns the file's information when path (symlinks followed) is a
// regular file of at most limit bytes; else an *Error, or the error of
// os.Stat (errors.Is(err, fs.ErrNotExist) holds for a missing file).
func Check(path string, limit int64) (fs.FileInfo, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	return fi, check(path, fi, limit)
}

// check is Check on information already taken.
func check(path string, fi fs.FileInfo, limit int64) error {
	if !fi.Mode().IsRegular() {
		what, why := kind(fi.Mode())
		if why != "" {
			why = " (" + why + ")"
		}
		return &Error{Path: path, Problem: "is " + what + ", not a regular file" + why,
			Fix: fmt.Sprintf("name a regular file (of at most %s)", Size(limit))}
	}
	if fi.Size() > limit {
		return tooLarge(path, fi.Size(), limit)
	}
	return nil
}

func tooLarge(path string, size, limit int64) *Error {
	have := Size(size)
	if size-limit < limit/20 { // rounded, it would read as the limit itself
		have = fmt.Sprintf("%d bytes", size)
	}
	return &Error{Path: path, Problem: "is " + have + ", more than the " + Size(limit) + " saltlab reads from such a file",
		Fix: fmt.Sprintf("name a file of at most %s (is it the file you meant?)", Size(limit))}
}

// kind names what a non-regular file is, and why saltlab does not read
// it when that is not plain, for a message.
func kind(m fs.FileMode) (what, why string) {
	switch {
	case m.IsDir():
		return "a folder where a file is wanted", ""
	case m&fs.ModeNamedPipe != 0:
		return "a fifo (named pipe)", "a read of it would wait for a writer and never end"
	case m&fs.ModeCharDevice != 0:
		return "a character device", "a read of a device such as /dev/zero or a terminal may never end"
	case m&fs.ModeDevice != 0:
		return "a block device", ""
	case m&fs.ModeSocket != 0:
		return "a socket", ""
	case m&fs.ModeSymlink != 0:
		return "a symlink", ""
	}
	return "not a plain file (mode " + m.String() + ")", ""
}

// Size writes a byte count for people: 16 MiB, 1 GiB, 512 B.
func Size(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// File is a user's file opened for reading: a regular file, at most its
// limit read from it even if it grows while it is read.
type File struct {
	f     *os.File
	info  fs.FileInfo
	left  int64 // bytes Read may still return before the file is too large
	limit int64
}

// Open checks path (Check) and opens it. The open itself does not block
// (O_NONBLOCK), and what it opened is checked again, so a path swapped for
// a fifo between the check and the open is refused too.
func Open(path string, limit int64) (*File, error) {
	fi, err := Check(path, limit)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if fi, err = f.Stat(); err == nil {
		err = check(path, fi, limit)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &File{f: f, info: fi, left: limit, limit: limit}, nil
}

// Read reads on; past the limit it fails with an *Error (the file grew).
func (u *File) Read(p []byte) (int, error) {
	if u.left <= 0 {
		var one [1]byte
		if n, _ := u.f.Read(one[:]); n > 0 {
			return 0, &Error{Path: u.f.Name(), Problem: "grew past the " + Size(u.limit) + " saltlab reads from such a file while it was read",
				Fix: "name a file that is not being written to"}
		}
		return 0, io.EOF
	}
	if int64(len(p)) > u.left {
		p = p[:u.left]
	}
	n, err := u.f.Read(p)
	u.left -= int64(n)
	return n, err
}

// ReadAt reads at an offset below the limit (archive/zip reads so).
func (u *File) ReadAt(p []byte, off int64) (int, error) {
	if off+int64(len(p)) > u.limit {
		return 0, tooLarge(u.f.Name(), off+int64(len(p)), u.limit)
	}
	return u.f.ReadAt(p, off)
}

// Info is the file's information as opened.
func (u *File) Info() fs.FileInfo { return u.info }

// Close closes the file.
func (u *File) Close() error { return u.f.Close() }

// ReadFile reads the whole of path, checked as Open checks it.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

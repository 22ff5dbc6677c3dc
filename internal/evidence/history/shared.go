package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"golang.org/x/sys/unix"

	"github.com/saltlab/saltlab/internal/userfile"
)

// catchUp takes the file's lock for one append (the kernel releases it
// if the process dies) and reads what other processes appended since
// this one last wrote, so the next entry's index follows the file's last
// line. It returns the unlock. Called with f.mu held.
func (f *file) catchUp() (unlock func(), err error) {
	fd := int(f.f.Fd())
	if err := unix.Flock(fd, unix.LOCK_EX); err != nil {
		return nil, fmt.Errorf("lock %s: %w", f.path, err)
	}
	unlock = func() { _ = unix.Flock(fd, unix.LOCK_UN) }
	fi, err := f.f.Stat()
	if err != nil {
		unlock()
		return nil, err
	}
	if fi.Size() == f.end {
		return unlock, nil
	}
	last, err := lastIndex(f.path, f.end, fi.Size())
	if err != nil {
		unlock()
		return nil, err
	}
	if last >= f.next {
		f.next = last + 1
	}
	f.end = fi.Size()
	return unlock, nil
}

// lastIndex is the index of the last whole line in path's bytes [from,
// to): from is a line's start (the end of what this process had read or
// written), and every line is written whole (one write), so the last
// line before to is whole too; -1 when the range holds no line.
func lastIndex(path string, from, to int64) (int64, error) {
	u, err := userfile.Open(path, userfile.Record)
	if err != nil {
		return 0, err
	}
	defer u.Close()
	b := make([]byte, to-from)
	if _, err := u.ReadAt(b, from); err != nil && err != io.EOF {
		return 0, fmt.Errorf("read %s: %w", path, err)
	}
	b = bytes.TrimRight(b, "\n")
	if len(b) == 0 {
		return -1, nil
	}
	line := b[bytes.LastIndexByte(b, '\n')+1:]
	var e struct {
		Index int64 `json:"index"`
	}
	if err := json.Unmarshal(line, &e); err != nil {
		return 0, fmt.Errorf("read the last entry of %s: %w", path, err)
	}
	return e.Index, nil
}

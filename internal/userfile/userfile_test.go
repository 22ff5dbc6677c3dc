package userfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readBound is how long a refusal may take: a read of what is refused
// (a fifo with no writer, /dev/zero) would never end.
const readBound = 10 * time.Second

// within runs f and fails the test if it has not returned in readBound.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(readBound):
		t.Fatalf("%s did not return within %v", what, readBound)
	}
}

func TestRefusesWhatIsNotARegularFileOfBoundedSize(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	zero := filepath.Join(dir, "zero")
	require.NoError(t, os.Symlink("/dev/zero", zero))
	big := filepath.Join(dir, "big")
	require.NoError(t, os.WriteFile(big, make([]byte, 2048), 0o644))
	tests := []struct {
		path, says string
	}{
		{fifo, fifo + " is a fifo (named pipe), not a regular file (a read of it would wait for a writer and never end): name a regular file (of at most 1.0 KiB)"},
		{zero, zero + " is a character device, not a regular file (a read of a device such as /dev/zero or a terminal may never end): name a regular file (of at most 1.0 KiB)"},
		{"/dev/null", "/dev/null is a character device"},
		{dir, dir + " is a folder where a file is wanted, not a regular file: name a regular file (of at most 1.0 KiB)"},
		{big, big + " is 2.0 KiB, more than the 1.0 KiB saltlab reads from such a file: name a file of at most 1.0 KiB (is it the file you meant?)"},
	}
	for _, tc := range tests {
		within(t, "ReadFile "+tc.path, func() {
			_, err := ReadFile(tc.path, 1024)
			assert.True(t, Is(err), "%s: %v", tc.path, err)
			assert.ErrorContains(t, err, tc.says)
			_, err = Check(tc.path, 1024)
			assert.ErrorContains(t, err, tc.says, "Check says what ReadFile says")
		})
	}
	_, err := ReadFile(filepath.Join(dir, "missing"), Text)
	assert.ErrorIs(t, err, fs.ErrNotExist, "a missing file is the plain error callers test for")
	assert.False(t, Is(err))

	// A symlink to a regular file is read: the file is what counts.
	plain := filepath.Join(dir, "plain")
	require.NoError(t, os.WriteFile(plain, []byte("hello"), 0o644))
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(plain, link))
	b, err := ReadFile(link, 5)
	require.NoError(t, err)
	assert.Equal(t, "hello", string(b), "exactly the limit is fine")
}

// A fifo put where a checked file was is refused by the open itself,
// which does not wait for a writer (O_NONBLOCK), and by what it opened.
func TestOpenDoesNotWaitOnAFifo(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	within(t, "open a fifo", func() {
		f, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		require.NoError(t, err, "the open Open makes returns at once")
		fi, err := f.Stat()
		require.NoError(t, err)
		f.Close()
		err = check(fifo, fi, Text)
		assert.True(t, Is(err), "and what it opened is checked: %v", err)
	})
}

// A file that grows past its limit while it is read is cut off with an
// error, not read on.
func TestReadStopsAtTheLimit(t *testing.T) {
	p := filepath.Join(t.TempDir(), "history.jsonl")
	require.NoError(t, os.WriteFile(p, make([]byte, 100), 0o644))
	f, err := Open(p, 100)
	require.NoError(t, err)
	defer f.Close()
	w, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	_, err = w.Write(make([]byte, 50))
	require.NoError(t, err)
	require.NoError(t, w.Close())
	b, err := io.ReadAll(f)
	assert.Len(t, b, 100)
	var ue *Error
	require.True(t, errors.As(err, &ue), "%v", err)
	assert.Contains(t, err.Error(), "grew past the 100 B saltlab reads from such a file while it was read")
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{512: "512 B", 1536: "1.5 KiB", Text: "16 MiB", Record: "1 GiB", Archive: "2 GiB", 3 << 29: "1.5 GiB"} {
		assert.Equal(t, want, Size(n))
	}
}

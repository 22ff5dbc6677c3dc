package simtest

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// portLockDir is shared by every test binary on the machine: `go test ./...`
// runs several packages' binaries at once, each starting masters on ports
// it picked at random from the same range.
func portLockDir() string { return filepath.Join(os.TempDir(), "saltlab-simtest-ports") }

// reservePort takes an exclusive flock on <portLockDir>/<port>. flock locks
// belong to the open file, so a second reservation fails both in another
// process and in this one (another parallel test); the kernel drops the lock
// if the process dies, so nothing is left to clean up but empty files.
func reservePort(port int) (*os.File, bool) {
	dir := portLockDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, false
	}
	f, err := os.OpenFile(filepath.Join(dir, strconv.Itoa(port)), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, false
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, false
	}
	return f, true
}

// releasePorts closes the reservations' files, which drops their locks.
func releasePorts(locks []*os.File) {
	for _, f := range locks {
		f.Close()
	}
}

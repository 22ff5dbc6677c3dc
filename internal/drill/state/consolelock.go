package state

import (
	"errors"
	"fmt"
	"path/filepath"

	"golang.org/x/sys/unix"

	"github.com/saltlab/saltlab/internal/owned"
)

// consoleLockName is the lock a console holds while it watches the drill:
// the kernel drops it when the console ends, however it ends, so whether
// one watches is known exactly (drill.json's age only hints at it).
const consoleLockName = ".console.lock"

// WatchConsole marks the drill in runDir as watched by this process's
// console until release is called.
func WatchConsole(runDir string) (release func(), err error) {
	f, err := owned.Append(filepath.Join(runDir, consoleLockName), 0o644)
	if err != nil {
		return nil, fmt.Errorf("mark the drill watched: %w", err)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_SH|unix.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("mark the drill watched: %w", err)
	}
	return func() { unix.Flock(int(f.Fd()), unix.LOCK_UN); f.Close() }, nil
}

// ConsoleWatching says whether a console watches the drill in runDir now.
func ConsoleWatching(runDir string) bool {
	f, err := owned.Append(filepath.Join(runDir, consoleLockName), 0o644)
	if err != nil {
		return false
	}
	defer f.Close()
	err = unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if err == nil {
		unix.Flock(int(f.Fd()), unix.LOCK_UN)
		return false
	}
	return errors.Is(err, unix.EWOULDBLOCK)
}

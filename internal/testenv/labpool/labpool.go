// Package labpool is for tests only: the machine's lab slots, shared by
// every Docker test binary of one `go test` run. go test runs packages'
// binaries as separate processes, so a channel in one binary cannot
// bound what the others start; the slots are lock files instead (flock),
// which the kernel frees when a process dies, so a killed test binary
// leaves no slot taken.
//
// The pool holds as many labs of the double as saltlab itself runs at
// once on this machine (capacity.Paces: three per two cores). A lab of
// real Salt, or an image build, takes every slot: its Python daemons or
// compilers need both cores (internal/lab/capacity says what was
// measured when they did not have them).
//
// An image build run beside the tests (make test builds real Salt's
// image while vet and the unit tests run, and goes on to the Docker
// tests without waiting for it) holds the pool's build lock, BuildLock,
// with flock(1). A taker of every slot runs what needs that image, so it
// waits for the build before it queues at the gate: queued there it
// would stop every taker of one slot, whose labs of the double can run
// meanwhile. A taker of fewer slots that builds images itself waits for
// it too (TakeAfterBuild).
package labpool

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/lab/capacity"
	"github.com/saltlab/saltlab/internal/poll"
)

// Pool is a set of lab slots in a directory of lock files: slot-0 ..
// slot-<size-1>, and a gate that only a taker still gathering its slots
// holds, so two takers of several slots never each hold part of what the
// other waits for, and a taker of every slot is not overtaken by takers
// of one while it waits.
type Pool struct {
	dir  string
	size int
}

// New is a pool of size slots (at least one) in dir.
func New(dir string, size int) Pool { return Pool{dir: dir, size: max(size, 1)} }

// Machine is the pool every test binary of this user on this machine
// shares, sized as saltlab's default number of labs of the double for
// the machine's cores: in MachineDirEnv's directory when it is set (make
// test sets it, so that its image build locks the same pool), else in
// the temporary directory.
func Machine() Pool {
	dir := os.Getenv(MachineDirEnv)
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "saltlab-lab-pool-"+strconv.Itoa(os.Getuid()))
	}
	return New(dir, Size(runtime.NumCPU()))
}

// MachineDirEnv names the machine pool's directory.
const MachineDirEnv = "SALTLAB_LAB_POOL"

// BuildLock is the lock file, in the pool's directory, that an image
// build run beside the tests holds until it ends.
const BuildLock = "build"

// Size is how many labs of the double cores carry: saltlab's own rule
// for `run --parallel` (capacity.For), memory aside (a test's labs are
// small).
func Size(cores int) int {
	return capacity.For("sim", capacity.Lab{}, capacity.Machine{Cores: cores}).Cores
}

// Slots is how many slots the pool has.
func (p Pool) Slots() int { return p.size }

// retryEvery spaces the attempts of a taker whose slots are not free
// yet. A lock file gives no wake-up when another process frees it; a lab
// holds its slot for seconds to minutes, so a quarter second is no cost.
const retryEvery = 250 * time.Millisecond

// Take waits until n slots are free (n above the pool's size takes every
// slot), holds them, and returns their release. A taker of every slot
// first waits for a build that holds BuildLock to end. It waits as long
// as ctx allows.
func (p Pool) Take(ctx context.Context, n int) (release func(), err error) {
	return p.take(ctx, n, n >= p.size)
}

// TakeAfterBuild is Take for a taker of fewer slots that builds or
// retags images itself, and so must not run beside a build that holds
// BuildLock either: it waits for that build first, as a taker of every
// slot does.
func (p Pool) TakeAfterBuild(ctx context.Context, n int) (release func(), err error) {
	return p.take(ctx, n, true)
}

// take is Take, waiting for a build that holds BuildLock when
// afterBuild says so.
func (p Pool) take(ctx context.Context, n int, afterBuild bool) (release func(), err error) {
	n = min(max(n, 1), p.size)
	buildOver := !afterBuild
	if err := os.MkdirAll(p.dir, 0o700); err != nil {
		return nil, fmt.Errorf("make lab pool dir: %w", err)
	}
	var gate *os.File
	held := make([]*os.File, p.size) // by slot number
	count := 0
	free := func() {
		for _, f := range held {
			if f != nil {
				f.Close()
			}
		}
	}
	defer func() {
		if gate != nil {
			gate.Close()
		}
	}()
	var lockErr error
	done, err := poll.Run(ctx, poll.Bounds{Interval: retryEvery}, func(context.Context, time.Duration) bool {
		if !buildOver {
			build, err := p.tryLock(BuildLock)
			if build == nil {
				lockErr = err
				return err != nil
			}
			build.Close()
			buildOver = true
		}
		if gate == nil {
			gate, lockErr = p.tryLock("gate")
			if gate == nil {
				return lockErr != nil
			}
		}
		for i := 0; i < p.size && count < n; i++ {
			if held[i] != nil {
				continue
			}
			f, err := p.tryLock("slot-" + strconv.Itoa(i))
			if err != nil {
				lockErr = err
				return true
			}
			if f != nil {
				held[i] = f
				count++
			}
		}
		return count == n
	})
	if lockErr != nil || !done || err != nil {
		free()
		if !buildOver {
			return nil, fmt.Errorf("take %d lab slot(s) of %d: an image build still holds %s: %w", n, p.size, filepath.Join(p.dir, BuildLock), errors.Join(lockErr, err))
		}
		return nil, fmt.Errorf("take %d lab slot(s) of %d: %w", n, p.size, errors.Join(lockErr, err))
	}
	return free, nil
}

// tryLock takes the lock file name if it is free: the open file holds
// the lock until closed; nil and no error when another holder has it.
func (p Pool) tryLock(name string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(p.dir, name), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open lab pool lock: %w", err)
	}
	switch err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); {
	case err == nil:
		return f, nil
	case errors.Is(err, syscall.EWOULDBLOCK):
		f.Close()
		return nil, nil
	default:
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
}

// Hold takes n slots for the test until it ends, waiting at most until
// the test's deadline, and then logs, as what, how long the test waited
// for them and held them: go test's own time for a parallel test counts
// the wait, and the hold is what a CI run's length is made of.
func (p Pool) Hold(t testing.TB, n int, what string) {
	t.Helper()
	holdFor(t, what, func(ctx context.Context) (func(), error) { return p.Take(ctx, n) })
}

// holdFor takes what take takes for the test until it ends, waiting at
// most until the test's deadline, and logs the wait and the hold.
func holdFor(t testing.TB, what string, take func(context.Context) (func(), error)) {
	t.Helper()
	ctx := context.Background()
	if d, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if at, set := d.Deadline(); set {
			var cancel context.CancelFunc
			ctx, cancel = context.WithDeadline(ctx, at)
			defer cancel()
		}
	}
	asked := time.Now()
	release, err := take(ctx)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	got := time.Now()
	t.Cleanup(func() {
		release()
		t.Log(Waited(what, asked, got))
	})
}

// Waited says, as what, how long a taker asked at asked waited for its
// slots, got at got, and has held them until now.
func Waited(what string, asked, got time.Time) string {
	return fmt.Sprintf("%s: waited %s, held %s", what, got.Sub(asked).Round(time.Second), time.Since(got).Round(time.Second))
}

package labpool

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// full is how long a taker tries before the test calls the pool full.
const full = 600 * time.Millisecond

// takeWithin is Take bounded by d.
func takeWithin(p Pool, n int, d time.Duration) (func(), error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return p.Take(ctx, n)
}

func TestTakeBoundsHowManyLabsRunAtOnce(t *testing.T) {
	p := New(t.TempDir(), 2)
	a, err := takeWithin(p, 1, full)
	require.NoError(t, err)
	b, err := takeWithin(p, 1, full)
	require.NoError(t, err, "a second slot is free")
	_, err = takeWithin(p, 1, full)
	require.ErrorContains(t, err, "take 1 lab slot(s) of 2", "a third waits while two are held")
	a()
	c, err := takeWithin(p, 1, full)
	require.NoError(t, err, "a released slot is taken again")
	b()
	c()
}

func TestTakeOfEverySlotIsNotOvertaken(t *testing.T) {
	p := New(t.TempDir(), 2)
	a, err := takeWithin(p, 1, full)
	require.NoError(t, err)
	type taken struct {
		release func()
		err     error
	}
	all := make(chan taken, 1)
	go func() {
		r, err := takeWithin(p, 5, 20*time.Second) // more than the pool: every slot
		all <- taken{r, err}
	}()
	// The taker of every slot holds the gate and the free slot while it
	// waits for the held one: a taker of one slot gets nothing meanwhile.
	require.Eventually(t, func() bool {
		r, err := takeWithin(p, 1, 100*time.Millisecond)
		if err == nil {
			r() // before the taker of every slot got the gate
		}
		return err != nil
	}, 5*time.Second, 10*time.Millisecond)
	_, err = takeWithin(p, 1, full)
	require.Error(t, err, "a free slot is not taken from a waiting taker of every slot")
	a()
	got := <-all
	require.NoError(t, got.err)
	_, err = takeWithin(p, 1, full)
	require.Error(t, err, "every slot is held")
	got.release()
	r, err := takeWithin(p, 2, full)
	require.NoError(t, err)
	r()
}

func TestTakeEndsWithItsContext(t *testing.T) {
	p := New(t.TempDir(), 1)
	a, err := takeWithin(p, 1, full)
	require.NoError(t, err)
	defer a()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = p.Take(ctx, 1)
	require.ErrorIs(t, err, context.Canceled)
}

func TestTakeFailsOnAnUnusableDir(t *testing.T) {
	file := t.TempDir() + "/not-a-dir"
	require.NoError(t, os.WriteFile(file, nil, 0o600))
	_, err := takeWithin(New(file, 1), 1, full)
	require.ErrorContains(t, err, "make lab pool dir")
}

// holderEnv makes the test binary a process that takes every slot of the
// pool in the named dir, says so on stdout, and waits to be killed.
const holderEnv = "SALTLAB_LABPOOL_HOLDER"

func TestMain(m *testing.M) {
	if dir := os.Getenv(holderEnv); dir != "" {
		if _, err := New(dir, 2).Take(context.Background(), 2); err != nil {
			os.Exit(3)
		}
		os.Stdout.WriteString("held\n")
		select {}
	}
	os.Exit(m.Run())
}

// TestSlotsAreSharedAcrossProcessesAndFreedWhenOneDies: what another test
// binary holds is not free here, and a binary killed while holding slots
// (a panic, a timeout, SIGKILL) leaves them free: the kernel drops its
// locks.
func TestSlotsAreSharedAcrossProcessesAndFreedWhenOneDies(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), holderEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	line := make([]byte, 5)
	_, err = out.Read(line)
	require.NoError(t, err)
	require.Equal(t, "held\n", string(line))

	_, err = takeWithin(New(dir, 2), 1, full)
	require.Error(t, err, "the other process holds every slot")
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()
	r, err := takeWithin(New(dir, 2), 2, 5*time.Second)
	require.NoError(t, err, "a dead holder's slots are free")
	r()
}

func TestSizeFollowsSaltlabsRuleForTheDouble(t *testing.T) {
	for cores, want := range map[int]int{1: 1, 2: 3, 4: 6} {
		assert.Equal(t, want, Size(cores), strconv.Itoa(cores)+" core(s)")
	}
	assert.Equal(t, Size(2), New(t.TempDir(), 3).Slots())
	assert.Equal(t, 1, New(t.TempDir(), 0).Slots(), "at least one slot")
}

func TestWaitedSaysBothDurations(t *testing.T) {
	now := time.Now()
	got := Waited("lab slot", now.Add(-90*time.Second), now.Add(-30*time.Second))
	assert.Equal(t, "lab slot: waited 1m0s, held 30s", got)
}

// TestHoldKeepsTheSlotsUntilTheTestEnds: a test's hold is free again
// once the test (here a subtest) has ended, and not before.
func TestHoldKeepsTheSlotsUntilTheTestEnds(t *testing.T) {
	p := New(t.TempDir(), 1)
	g := NewGroup(New(t.TempDir(), 1))
	t.Run("holder", func(t *testing.T) {
		p.Hold(t, 1, "lab slot")
		g.Hold(t, "real lab slot")
		_, err := takeWithin(p, 1, full)
		require.Error(t, err, "held while the test runs")
	})
	r, err := takeWithin(p, 1, full)
	require.NoError(t, err, "free once the test ended")
	r()
	leave, err := g.Enter(context.Background())
	require.NoError(t, err, "the group's turn is free once the test ended")
	leave()
}

// TestTakeOfEverySlotWaitsForABuild: while a build holds BuildLock with
// flock(1), as make test's image build does, a taker of every slot waits
// and says why, and takers of one slot go on; when the build ends, the
// taker of every slot gets them.
func TestTakeOfEverySlotWaitsForABuild(t *testing.T) {
	flock, err := exec.LookPath("flock")
	require.NoError(t, err, "flock(1) (util-linux) holds make test's build lock")
	p := New(t.TempDir(), 2)
	require.NoError(t, os.MkdirAll(p.dir, 0o700))
	// -o: flock itself holds the lock, not the command, as make test runs it.
	build := exec.Command(flock, "-o", filepath.Join(p.dir, BuildLock), "sh", "-c", "echo held; exec sleep 60")
	build.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // so that its end takes the command too
	end := func() { _ = syscall.Kill(-build.Process.Pid, syscall.SIGKILL); _ = build.Wait() }
	out, err := build.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, build.Start())
	t.Cleanup(end)
	line := make([]byte, 5)
	_, err = out.Read(line)
	require.NoError(t, err)
	require.Equal(t, "held\n", string(line))

	_, err = takeWithin(p, 2, full)
	require.ErrorContains(t, err, "an image build still holds "+filepath.Join(p.dir, BuildLock))
	ctx, cancel := context.WithTimeout(context.Background(), full)
	_, err = p.TakeAfterBuild(ctx, 1)
	cancel()
	require.ErrorContains(t, err, "an image build still holds", "a taker of one slot that builds images waits for the build")
	one, err := takeWithin(p, 1, full)
	require.NoError(t, err, "a taker of one slot does not wait for the build")
	two, err := takeWithin(p, 1, full)
	require.NoError(t, err, "nor does the next: the waiting taker of every slot holds no gate")
	one()
	two()

	end()
	all, err := takeWithin(p, 2, 5*time.Second)
	require.NoError(t, err, "the build has ended")
	all()
}

func TestMachinePoolDirFromTheEnvironment(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(MachineDirEnv, dir)
	assert.Equal(t, dir, Machine().dir)
	t.Setenv(MachineDirEnv, "")
	assert.Equal(t, filepath.Join(os.TempDir(), "saltlab-lab-pool-"+strconv.Itoa(os.Getuid())), Machine().dir)
}

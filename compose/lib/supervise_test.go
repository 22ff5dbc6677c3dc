// Tests of saltlab-supervise, the script that runs several Salt daemons in
// one lab container. They run it on the host with stand-in daemons.
package lib

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scriptTimeout bounds one supervisor run.
const scriptTimeout = 20 * time.Second

func supervise(t *testing.T, env []string, stopAfter time.Duration, cmds ...string) (code int, log string) {
	t.Helper()
	return runScript(t, "saltlab-supervise", append([]string{"bash", "saltlab-supervise"}, cmds...), append(os.Environ(), env...), stopAfter)
}

// runScript runs one of the scripts, name, as argv with env, sends it SIGTERM after
// stopAfter when that is set, and returns its exit code and output; it
// fails the test if the script outlives scriptTimeout.
func runScript(t *testing.T, name string, argv, env []string, stopAfter time.Duration) (code int, log string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), scriptTimeout)
	defer cancel()
	c := exec.CommandContext(ctx, argv[0], argv[1:]...)
	c.Env = env
	var out strings.Builder
	c.Stdout, c.Stderr = &out, &out
	require.NoError(t, c.Start())
	if stopAfter > 0 {
		timer := time.AfterFunc(stopAfter, func() { _ = c.Process.Signal(syscall.SIGTERM) })
		defer timer.Stop()
	}
	err := c.Wait()
	require.NoError(t, ctx.Err(), "%s did not end:\n%s", name, out.String())
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.String()
	}
	require.NoError(t, err)
	return 0, out.String()
}

func TestSupervise(t *testing.T) {
	tests := []struct {
		name      string
		env       []string
		stopAfter time.Duration
		cmds      []string
		wantCode  int
		wantLog   []string
		starts    int // how often the first daemon was started (at least, with restarts)
	}{
		{name: "a daemon that ends ends the container with its code",
			cmds: []string{`sh -c "sleep 0.2; exit 3"`, "sleep 30"}, wantCode: 3, starts: 1,
			wantLog: []string{`exited with 3`}},
		{name: "TERM stops every daemon and exits 0", stopAfter: 500 * time.Millisecond,
			cmds: []string{"sleep 30", "sleep 31"}, wantCode: 0, starts: 1},
		{name: "with a restart delay a daemon that ran long enough is restarted",
			env: []string{"SALTLAB_RESTART_DELAY=0.1", "SALTLAB_RESTART_MIN_UPTIME=1"}, stopAfter: 3500 * time.Millisecond,
			cmds: []string{`sh -c "sleep 1.1; exit 1"`, "sleep 30"}, wantCode: 0, starts: 2},
		{name: "a daemon that cannot start is not restarted",
			env:  []string{"SALTLAB_RESTART_DELAY=0.1"},
			cmds: []string{`sh -c "exit 7"`, "sleep 30"}, wantCode: 7, starts: 1,
			wantLog: []string{"not restarting", "less than 10s"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, log := supervise(t, tt.env, tt.stopAfter, tt.cmds...)
			assert.Equal(t, tt.wantCode, code, log)
			n := strings.Count(log, "started '"+tt.cmds[0]+"'")
			if tt.starts > 1 {
				assert.GreaterOrEqual(t, n, tt.starts, log)
			} else {
				assert.Equal(t, tt.starts, n, log)
			}
			for _, w := range tt.wantLog {
				assert.Contains(t, log, w)
			}
		})
	}
}

func TestSuperviseNeedsCommands(t *testing.T) {
	code, log := supervise(t, nil, 0)
	assert.Equal(t, 64, code)
	assert.Contains(t, log, "usage")
}

// A daemon whose main process ends leaves nothing behind: what it started
// is ended before it is started again (systemd's KillMode=control-group),
// else a Salt master's leftover EventPublisher keeps the cluster pool port.
// Only the first start records its leftover, whose group only the reaping
// on exit can end (stopping the supervisor signals the running daemons').
func TestSuperviseReapsWhatADaemonLeftBehind(t *testing.T) {
	pidFile := t.TempDir() + "/leftover"
	daemon := `sh -c "sleep 300 & [ -e ` + pidFile + ` ] || echo \$! >` + pidFile + `; sleep 1.1; exit 1"`
	_, log := supervise(t, []string{"SALTLAB_RESTART_DELAY=0.1", "SALTLAB_RESTART_MIN_UPTIME=1", "SALTLAB_STOP_GRACE=1"}, 2500*time.Millisecond, daemon, "sleep 30")
	require.Contains(t, log, "exited with 1", "the daemon ended once")
	b, err := os.ReadFile(pidFile)
	require.NoError(t, err, log)
	var pid int
	_, err = fmt.Sscan(string(b), &pid)
	require.NoError(t, err)
	assert.False(t, running(pid), "the first start's leftover sleep %d still runs:\n%s", pid, log)
}

// running says whether pid is a live process: not gone, and not a zombie
// waiting for its new parent to reap it (signal 0 succeeds on one).
func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	_, after, ok := strings.Cut(string(b), ") ")
	return ok && !strings.HasPrefix(after, "Z")
}

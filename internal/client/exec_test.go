package client

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/testenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stdinBound bounds how long a wrapped command may take to end once its
// stdin closed: TERM at once, KILL after killGrace (2 s).
const stdinBound = 10 * time.Second

// TestUntilStdinCloses runs the wrapper in the host's sh, with a pipe as
// the exec's stdin, as a docker exec attachment gives it.
func TestUntilStdinCloses(t *testing.T) {
	tests := []struct {
		name       string
		argv       []string
		closeStdin bool
		wantCode   int // exit code; -1 with wantSignal
		wantSignal syscall.Signal
		wantOut    string
	}{
		{name: "a command that ends by itself ends with its code while stdin stays open",
			argv: []string{"sh", "-c", "echo out; exit 3"}, wantCode: 3, wantOut: "out\n"},
		{name: "closing stdin ends a command that would run on",
			argv: []string{"sh", "-c", "echo ready; exec sleep 30"}, closeStdin: true, wantCode: -1, wantSignal: syscall.SIGTERM, wantOut: "ready\n"},
		{name: "a command that ignores TERM is killed after the grace",
			argv: []string{"sh", "-c", "trap '' TERM; echo ready; exec sleep 30"}, closeStdin: true, wantCode: -1, wantSignal: syscall.SIGKILL, wantOut: "ready\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			argv := UntilStdinCloses(tt.argv...)
			c := exec.Command(argv[0], argv[1:]...)
			stdout, err := c.StdoutPipe()
			require.NoError(t, err)
			stdin, err := c.StdinPipe()
			require.NoError(t, err)
			require.NoError(t, c.Start())
			// The first line says the command is set up (its TERM trap):
			// stdin closes only after it, as a stream is cancelled.
			r := bufio.NewReader(stdout)
			first, _ := r.ReadString('\n')
			rest := make(chan string, 1)
			done := make(chan error, 1)
			go func() { // every read before Wait, as os/exec asks
				b, _ := io.ReadAll(r)
				rest <- string(b)
				done <- c.Wait()
			}()
			if tt.closeStdin {
				require.NoError(t, stdin.Close())
			} else {
				defer stdin.Close()
			}
			select {
			case err = <-done:
			case <-time.After(stdinBound):
				_ = c.Process.Kill()
				t.Fatalf("%v still ran %s after its start", argv, stdinBound)
			}
			var ee *exec.ExitError
			if tt.wantCode == 0 {
				require.NoError(t, err)
			} else {
				require.True(t, errors.As(err, &ee), "%v", err)
				assert.Equal(t, tt.wantCode, ee.ExitCode())
				if tt.wantSignal != 0 {
					ws := ee.Sys().(syscall.WaitStatus)
					assert.Equal(t, tt.wantSignal, ws.Signal())
				}
			}
			assert.Equal(t, tt.wantOut, first+<-rest)
		})
	}
}

// TestUnbufferedStreamsPythonOutput runs a Python program that prints a
// line and then runs on, as real Salt's CLI does while it waits for
// more returns, with a pipe as its stdout, as a docker exec gives it: the
// line must arrive while it still runs, not at its exit 30 s later.
func TestUnbufferedStreamsPythonOutput(t *testing.T) {
	py := testenv.Tool(t, "python3", "python3")
	argv := Unbuffered(py, "-c", "import time; print('first return'); time.sleep(30)")
	c := exec.Command(argv[0], argv[1:]...)
	// Not inherited: a shell that set PYTHONUNBUFFERED would hide the
	// difference, and a container's environment does not have it.
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PYTHONUNBUFFERED=") {
			c.Env = append(c.Env, kv)
		}
	}
	stdout, err := c.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, c.Start())
	defer func() { _ = c.Process.Kill(); _ = c.Wait() }()
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(stdout).ReadString('\n')
		line <- s
	}()
	select {
	case got := <-line:
		assert.Equal(t, "first return\n", got)
	case <-time.After(stdinBound):
		t.Fatalf("%v printed nothing within %s while it ran", argv, stdinBound)
	}
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/testenv"
)

// signalBound is how long a command may take to return after SIGINT or
// SIGTERM. The stand-in engine answers every request at once after the
// signal, so this is the cleanup's own time with an engine that answers,
// not a guess at Docker's speed; without the signal handled, the commands
// below wait for the engine for ever (or dockerx.PingTimeout and more).
const signalBound = 10 * time.Second

// contactBound is how long a command may take to reach the stand-in
// engine once started: its input checks and nothing else.
const contactBound = 30 * time.Second

// holdingEngine is a Docker engine that answers the version ping and
// then holds every request until released (a busy or hung engine), and
// after that fails every request at once.
type holdingEngine struct {
	held     chan string   // the path of each request it holds, as it holds it
	released chan struct{} // closed: answer everything now
	once     sync.Once
}

func newHoldingEngine(t *testing.T) (*holdingEngine, string) {
	t.Helper()
	// A short path: unix socket paths are limited to about 100 bytes.
	dir, err := os.MkdirTemp("", "sl")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	sock := filepath.Join(dir, "d.sock")
	ln, err := net.Listen("unix", sock)
	require.NoError(t, err)
	e := &holdingEngine{held: make(chan string, 64), released: make(chan struct{})}
	srv := &http.Server{Handler: e}
	go srv.Serve(ln)
	t.Cleanup(func() {
		e.release()
		srv.Close()
	})
	return e, "unix://" + sock
}

func (e *holdingEngine) release() { e.once.Do(func() { close(e.released) }) }

func (e *holdingEngine) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasSuffix(r.URL.Path, "/_ping") {
		w.Header().Set("Api-Version", "1.41")
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "OK")
		return
	}
	select {
	case <-e.released:
	default:
		select {
		case e.held <- r.Method + " " + r.URL.Path:
		default:
		}
		select {
		case <-e.released:
		case <-r.Context().Done():
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusInternalServerError)
	fmt.Fprint(w, `{"message":"stand-in engine: released after the signal"}`)
}

// TestSignalEndsEveryCommand: SIGTERM and SIGINT end each command that
// waits on Docker promptly, with the notice saying what cleanup still
// runs (or that it stops), whatever request it is waiting on. The signal
// is sent only once the command's request is held by the stand-in engine:
// the command is then inside its work, not in its input checks.
func TestSignalEndsEveryCommand(t *testing.T) {
	reports := t.TempDir()
	lab := func(cmd string, args ...string) []string {
		return append([]string{cmd, "--root", "../..", "--reports", reports, "--salt", "sim"}, args...)
	}
	tests := []struct {
		args   []string
		sig    syscall.Signal
		notice string
	}{
		{[]string{"status", "--reports", reports}, syscall.SIGTERM, "saltlab: interrupted (terminated signal received): stopping"},
		{[]string{"logs", "--reports", reports}, syscall.SIGINT, "saltlab: interrupted (interrupt signal received): stopping"},
		{[]string{"down", "--all"}, syscall.SIGTERM, "saltlab: interrupted (terminated signal received): finishing the removal"},
		{[]string{"heal", "--all", "--reports", reports}, syscall.SIGTERM, "finishing the heal"},
		{[]string{"chaos", "pause", "salt-master-1", "--reports", reports}, syscall.SIGTERM, "healing the fault"},
		{[]string{"doctor"}, syscall.SIGTERM, "removing its probe container"},
		{[]string{"images", "--root", "../..", "--salt", "sim"}, syscall.SIGTERM, "stopping the build"},
		{lab("up", "--run-id", "signal-up"), syscall.SIGTERM, "healing faults and removing the lab"},
		{lab("run", "--run-id", "signal-run"), syscall.SIGINT, "saltlab: interrupted (interrupt signal received): healing faults and removing the lab"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args[:1], " ")+" "+tc.sig.String(), func(t *testing.T) {
			engine, host := newHoldingEngine(t)
			t.Setenv("DOCKER_HOST", host)
			t.Setenv(runstate.StateDirVar, t.TempDir())
			var out, errOut testenv.Buffer
			done := make(chan int, 1)
			go func() { done <- Main(tc.args, &out, &errOut) }()
			select {
			case <-engine.held: // inside its work
			case code := <-done:
				t.Fatalf("%v ended (exit %d) before it asked the engine anything: %s", tc.args, code, errOut.String())
			case <-time.After(contactBound):
				t.Fatalf("%v did not reach the engine within %v: %s", tc.args, contactBound, errOut.String())
			}
			sent := time.Now()
			require.NoError(t, syscall.Kill(os.Getpid(), tc.sig))
			// The engine answers again once the command said it was
			// interrupted: its cleanup may need the engine.
			require.Eventually(t, func() bool { return strings.Contains(errOut.String(), "saltlab: interrupted (") },
				signalBound, 10*time.Millisecond, "%v never said it was interrupted: %s", tc.args, errOut.String())
			engine.release()
			select {
			case code := <-done:
				assert.Equal(t, exitFailed, code, "an interrupted command fails: %s", errOut.String())
				t.Logf("%v returned %v after %v", tc.args, code, time.Since(sent).Round(time.Millisecond))
			case <-time.After(signalBound):
				t.Fatalf("%v did not return within %v of %v: %s", tc.args, signalBound, tc.sig, errOut.String())
			}
			assert.Contains(t, errOut.String(), tc.notice)
		})
	}
}

// A command with nothing to clean up is left the moment its context is
// done, whatever it is doing; one with cleanup is waited for.
func TestRunCommandLeavesWhatHasNoCleanup(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	busy := func(ctx context.Context, _ []string, _, _ io.Writer) error {
		<-block // reading something that never ends, ctx or not
		return nil
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("terminated signal received"))
	done := make(chan error, 1)
	go func() { done <- runCommand(ctx, command{run: busy}, nil, io.Discard, io.Discard) }()
	select {
	case err := <-done:
		assert.ErrorContains(t, err, "interrupted: terminated signal received (nothing was left to clean up)")
	case <-time.After(signalBound):
		t.Fatalf("a command without cleanup was not left within %v", signalBound)
	}

	cleaned := false
	tidy := func(ctx context.Context, _ []string, _, _ io.Writer) error {
		<-ctx.Done()
		cleaned = true
		return context.Cause(ctx)
	}
	err := runCommand(ctx, command{run: tidy, cleanup: "tidying"}, nil, io.Discard, io.Discard)
	assert.ErrorContains(t, err, "terminated signal received")
	assert.True(t, cleaned, "a command with cleanup returns when it is done with it")
}

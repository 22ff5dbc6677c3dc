//go:build docker

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/testenv"
)

// TestHealAfterSIGKILL: a process injects several faults and is SIGKILLed
// with all of them active; `saltlab heal` restores everything and leaves no
// helper, rule, qdisc or proxy. The second case deletes the ledger too, so
// the label sweep alone must find it all.
func TestHealAfterSIGKILL(t *testing.T) {
	t.Parallel() // parallelTests says why
	holdLab(t, "sim")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	f, reports, common := chaosRun(t, ctx)
	ledger := filepath.Join(runstate.Dir(reports, f.RunID), runstate.LedgerFile)
	drill := [][]string{
		append([]string{"chaos", "latency", "server", "--delay", "300ms", "--ports", "8000"}, common...),
		append([]string{"chaos", "port-block", "server", "--ports", "4505"}, common...),
		append([]string{"chaos", "bandwidth", "client", "--rate", "1mbit"}, common...),
		append([]string{"chaos", "pause", "other"}, common...),
		append([]string{"chaos", "proc-stop", "server", "--process", "nginx", "--for", "10m"}, common...),
	}
	for _, tc := range []struct {
		name       string
		dropLedger bool
	}{{"ledger replay", false}, {"label sweep without ledger", true}} {
		t.Run(tc.name, func(t *testing.T) {
			before := map[string]string{"server": f.Snapshot(t, ctx, "server"), "client": f.Snapshot(t, ctx, "client")}
			ip := f.IP(t, ctx, "server")
			require.True(t, f.Curl(ctx, "client", "server:4505").OK)

			cmds, _ := json.Marshal(drill)
			inj := exec.Command(os.Args[0], "-test.run=^$")
			inj.Env = append(os.Environ(), injectorEnv+"="+string(cmds))
			var out bytes.Buffer
			inj.Stdout, inj.Stderr = &out, &out
			require.NoError(t, inj.Start())
			require.Eventually(t, func() bool {
				b, _ := os.ReadFile(ledger)
				return strings.Count(string(b), `"event":"inject"`) >= len(drill) && f.ProcStates(ctx, "server", "nginx") == "T"
			}, 2*time.Minute, 200*time.Millisecond, "the injector applied every fault: %s", &out)
			require.NoError(t, inj.Process.Signal(syscall.SIGKILL))
			_ = inj.Wait()

			assert.False(t, f.Curl(ctx, "client", "server:4505").OK, "faults outlive the killed injector")
			assert.Equal(t, "paused", f.State(t, ctx, "other"))
			if tc.dropLedger {
				require.NoError(t, os.Remove(ledger))
			}

			var healOut bytes.Buffer
			code := Main(append([]string{"heal"}, common...), &healOut, &healOut)
			require.Equal(t, 0, code, healOut.String())
			t.Log(healOut.String())

			assert.Equal(t, before["server"], f.Snapshot(t, ctx, "server"), "server's iptables and qdiscs are as before")
			assert.Equal(t, before["client"], f.Snapshot(t, ctx, "client"), "client's qdiscs are as before")
			assert.Empty(t, f.Helpers(t, ctx), "no helper (and so no proxy) is left")
			assert.Equal(t, "running", f.State(t, ctx, "other"))
			assert.Equal(t, "S", f.ProcStates(ctx, "server", "nginx"))
			assert.Equal(t, ip, f.IP(t, ctx, "server"))
			r := f.Curl(ctx, "client", "server:8000/big")
			assert.True(t, r.OK, r.Out)
			assert.Less(t, r.Seconds, 0.3, "no latency or bandwidth limit left")
			_ = os.Remove(ledger) // the next case starts from an empty ledger
		})
	}

	t.Run("Ctrl-C during a drill heals it", func(t *testing.T) {
		t.Cleanup(func() { _ = os.Remove(ledger) }) // the next case starts from an empty ledger, pass or fail
		cmds, _ := json.Marshal([][]string{append([]string{"chaos", "pause", "other", "--for", "10m"}, common...)})
		inj := exec.Command(os.Args[0], "-test.run=^$")
		inj.Env = append(os.Environ(), injectorEnv+"="+string(cmds))
		var out testenv.Buffer
		inj.Stdout, inj.Stderr = &out, &out
		require.NoError(t, inj.Start())
		// Its own word that the fault is on, not the container's state: the
		// engine shows the pause before the client has its answer, and a
		// Ctrl-C in between interrupts the inject itself (CI, 2026-12-03).
		require.Eventually(t, func() bool { return strings.Contains(out.String(), "is active for") }, time.Minute, 100*time.Millisecond, "%s", &out)
		require.Equal(t, "paused", f.State(t, ctx, "other"))
		require.NoError(t, inj.Process.Signal(os.Interrupt))
		require.NoError(t, inj.Wait(), out.String())
		assert.Equal(t, "running", f.State(t, ctx, "other"), out.String())
		assert.Contains(t, out.String(), "healed pause on other")
		require.NoError(t, os.Remove(ledger))
	})

	t.Run("drill with --for heals itself", func(t *testing.T) {
		var out bytes.Buffer
		code := Main(append([]string{"chaos", "pause", "other", "--for", "1s"}, common...), &out, &out)
		require.Equal(t, 0, code, out.String())
		assert.Contains(t, out.String(), "healed pause on other")
		assert.Equal(t, "running", f.State(t, ctx, "other"))
		b, err := os.ReadFile(ledger)
		require.NoError(t, err)
		assert.Equal(t, 1, strings.Count(string(b), `"event":"inject"`))
		assert.Equal(t, 1, strings.Count(string(b), `"event":"undone"`))
	})
}

// TestDockerTimedFaultRemovesItsHelper: a network fault with --for leaves
// no chaos helper once its time ends; with another fault still on the same
// service, that service's helper stays until `saltlab heal`.
func TestDockerTimedFaultRemovesItsHelper(t *testing.T) {
	t.Parallel() // parallelTests says why
	holdLab(t, "sim")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	f, _, common := chaosRun(t, ctx)
	run := func(args ...string) string {
		var out bytes.Buffer
		require.Equal(t, exitOK, Main(append(args, common...), &out, &out), out.String())
		return out.String()
	}

	out := run("chaos", "latency", "server", "--delay", "200ms", "--ports", "8000", "--for", "1s")
	assert.Contains(t, out, "healed latency on server")
	assert.Empty(t, f.Helpers(t, ctx), "the timed fault's helper is gone: %s", out)

	run("chaos", "port-block", "server", "--ports", "4505")
	run("chaos", "port-block", "server", "--ports", "8000", "--for", "1s")
	assert.Len(t, f.Helpers(t, ctx), 1, "server's helper still serves the port block")
	assert.False(t, f.Curl(ctx, "client", "server:4505").OK, "the port block is still in place")
	run("heal")
	assert.Empty(t, f.Helpers(t, ctx), "heal removes it")
}

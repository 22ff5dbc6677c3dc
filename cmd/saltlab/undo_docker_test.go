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

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/chaostest"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/access"
	"github.com/saltlab/saltlab/internal/run/ops"
	"github.com/saltlab/saltlab/internal/testenv"
)

// TestUndoRestoresObservedState: for every fault kind (chaostest.Kinds(),
// one per registered kind, TestKindsCoverTheRegistry), the target's
// observed state (container status, processes and their states, iptables
// of both backends, qdiscs, the files the fault touches) is the same
// after `saltlab heal`, after the fault's --for ends (ops.RunDrill), and
// after `saltlab heal` following a SIGKILL of the saltlab that injected
// it (issue 41, class 3). key-action, which `saltlab chaos` does not
// offer, is injected on the run's ledger by an engine the test drops, as
// a killed process would, and healed by `saltlab heal`; its timed end is
// ops.RunDrill's.
func TestUndoRestoresObservedState(t *testing.T) {
	t.Parallel() // parallelTests says why
	holdLab(t, "sim")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	f, reports, common := chaosRun(t, ctx)
	ledger := filepath.Join(runstate.Dir(reports, f.RunID), runstate.LedgerFile)
	main := func(t *testing.T, args ...string) string {
		var out bytes.Buffer
		require.Equal(t, exitOK, Main(append(args, common...), &out, &out), out.String())
		return out.String()
	}
	r := f.Exec(ctx, f.IDs["server"], "bash", "-c", `cd "$1" && mkdir -p minions minions_pre minions_rejected minions_denied && cp master.pub "minions/$2" && chmod 644 "minions/$2"`, "k", chaos.DefaultPKIDir, chaostest.KeyActionMinion)
	require.Equal(t, 0, r.ExitCode, r.Stderr)
	keySpec := func(k chaostest.Kind) chaos.Spec {
		s := k.Spec
		s.Act = func(ctx context.Context) error { // salt-key -r, played by a move
			r := f.Exec(ctx, f.IDs["server"], "bash", "-c", `mv "$1/minions/$2" "$1/minions_rejected/$2"`, "k", chaos.DefaultPKIDir, chaostest.KeyActionMinion)
			if r.ExitCode != 0 {
				return assert.AnError
			}
			return nil
		}
		return s
	}
	engineInject := func(t *testing.T, k chaostest.Kind) {
		st, err := runstate.Load(runstate.Dir(reports, f.RunID))
		require.NoError(t, err)
		e, err := access.OpenEngine(f.Cli, f.Cli, reports, "../..", st, nil)
		require.NoError(t, err)
		_, err = e.Inject(ctx, keySpec(k))
		require.NoError(t, err)
	}
	paths := []struct {
		name  string
		apply func(t *testing.T, k chaostest.Kind, before chaostest.Observed)
	}{
		{"heal", func(t *testing.T, k chaostest.Kind, before chaostest.Observed) {
			if k.Args == nil {
				engineInject(t, k)
			} else {
				main(t, append([]string{"chaos", string(k.Kind)}, k.Args...)...)
			}
			if k.Kind != chaos.KindRestart { // a restart is over once injected
				assert.NotEqual(t, before, f.Observe(t, ctx, k.Target, k.Files...), "the fault changed what is observed")
			}
			main(t, "heal")
		}},
		{"timed end", func(t *testing.T, k chaostest.Kind, _ chaostest.Observed) {
			if k.Args == nil {
				var out bytes.Buffer
				require.NoError(t, ops.RunDrill(ctx, ops.Drill{Which: ops.Which{ID: f.RunID, Reports: reports}, Root: "../..", For: time.Second, Spec: keySpec(k)}, &out), out.String())
				assert.Contains(t, out.String(), "healed "+string(k.Kind))
				return
			}
			out := main(t, append([]string{"chaos", string(k.Kind)}, append(k.Args, "--for", "1s")...)...)
			assert.Contains(t, out, "healed "+string(k.Kind))
		}},
		{"heal after SIGKILL", func(t *testing.T, k chaostest.Kind, _ chaostest.Observed) {
			if k.Args == nil {
				engineInject(t, k) // the engine is dropped with its process's memory: only the ledger is left
				main(t, "heal")
				return
			}
			cmds, _ := json.Marshal([][]string{append(append([]string{"chaos", string(k.Kind)}, k.Args...), append([]string{"--for", "10m"}, common...)...)})
			inj := exec.Command(os.Args[0], "-test.run=^$")
			inj.Env = append(os.Environ(), injectorEnv+"="+string(cmds))
			var out testenv.Buffer
			inj.Stdout, inj.Stderr = &out, &out
			require.NoError(t, inj.Start())
			require.Eventually(t, func() bool { return strings.Contains(out.String(), "is active for") }, 2*time.Minute, 100*time.Millisecond, "%s", &out)
			require.NoError(t, inj.Process.Signal(syscall.SIGKILL))
			_ = inj.Wait()
			main(t, "heal")
		}},
	}
	for _, k := range chaostest.Kinds() {
		for _, p := range paths {
			t.Run(string(k.Kind)+"/"+p.name, func(t *testing.T) {
				if k.Swarm {
					t.Skip("a node fault needs a lab on a swarm, and this fixture is a compose lab: its undo, after a SIGKILL too, is TestNodePauseOnTheSwarm's (SALTLAB_TEST_SWARM)")
				}
				t.Cleanup(func() { _ = os.Remove(ledger) }) // each case starts from an empty ledger
				before := f.Observe(t, ctx, k.Target, k.Files...)
				require.Equal(t, "running", before.Status)
				p.apply(t, k, before)
				after := f.ObserveUntil(t, ctx, before, 45*time.Second, k.Target, k.Files...)
				assert.Equal(t, before, after, "the undo restored what the fault changed")
				assert.Empty(t, f.Helpers(t, ctx), "no chaos helper is left")
				b, err := os.ReadFile(ledger)
				require.NoError(t, err)
				assert.Equal(t, strings.Count(string(b), `"event":"inject"`), strings.Count(string(b), `"event":"undone"`), "every fault on the ledger is undone: %s", b)
			})
		}
	}
}

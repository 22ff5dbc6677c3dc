//go:build docker

package main

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/poll"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// TestHealPutsARejectedKeyBack: on a failover lab of the Salt double, a
// minion's key is rejected through the chaos engine (as the key steps do)
// and the engine is dropped without undoing anything, as when the runner
// is SIGKILLed; `saltlab heal`, reading only the ledger file, accepts the
// key again on the master.
func TestHealPutsARejectedKeyBack(t *testing.T) {
	t.Parallel() // parallelTests says why
	holdLab(t, "sim")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	l := newUpLab(t, ctx, "failover", "sim")
	id, reports, st, cli := l.id, l.reports, l.st, l.cli
	var out bytes.Buffer
	master := lab.ContainerNameOf(st.Project, "salt-master-1")
	keys := func() saltout.KeyList {
		r, err := lab.ExecIn(ctx, cli, master, []string{"salt-key", "-L", "--out=json"})
		require.NoError(t, err)
		require.Zero(t, r.ExitCode, r.Stderr)
		kl, err := saltout.ParseKeyList(r.Stdout)
		require.NoError(t, err)
		return kl
	}
	ok, err := poll.Run(ctx, poll.Within(time.Minute), func(context.Context, time.Duration) bool {
		return slices.Contains(keys().Accepted, "salt-minion-1")
	})
	require.NoError(t, err)
	require.True(t, ok, "salt-minion-1 is accepted on salt-master-1 after up")

	ledgerPath := filepath.Join(runstate.Dir(reports, id), runstate.LedgerFile)
	func() { // the runner: its engine and ledger die with it, undone nothing
		l, err := fault.Open(ledgerPath)
		require.NoError(t, err)
		e := chaos.New(cli, st.RunID, st.Project, l)
		_, err = e.Inject(ctx, chaos.Spec{Kind: chaos.KindKeyAction, Targets: []string{"salt-master-1"}, Minion: "salt-minion-1", KeyOp: "reject"})
		require.NoError(t, err)
	}()
	kl := keys()
	require.Contains(t, kl.Rejected, "salt-minion-1", "the reject acted")
	require.NotContains(t, kl.Accepted, "salt-minion-1")

	out.Reset()
	require.Equal(t, 0, Main([]string{"heal", "--run", id, "--reports", reports, "--root", "../.."}, &out, &out), out.String())
	assert.Contains(t, out.String(), "healed 1 of 1 recorded fault(s)")
	kl = keys()
	assert.Contains(t, kl.Accepted, "salt-minion-1", "heal accepted the key again")
	assert.NotContains(t, kl.Rejected, "salt-minion-1")

	out.Reset()
	require.Equal(t, 0, Main([]string{"heal", "--run", id, "--reports", reports, "--root", "../.."}, &out, &out), out.String())
	assert.Contains(t, out.String(), "healed 0 of 0 recorded fault(s)", "nothing left pending")
}

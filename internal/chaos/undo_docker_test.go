//go:build docker

package chaos_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos"
)

// TestUndoUnderALaterPause: a fault undone alone (its --for ended) while a
// later pause of the same container stands is undone all the same: the
// proc-stop's SIGCONT reaches the daemon (before, it was skipped and the
// daemon stayed stopped once the pause ended) and the network fault's
// rules leave the paused container's namespace (before, they stayed). The
// pause is still in place after, and its own undo ends it; a paused target
// is refused before the ledger by the faults that act inside it.
func TestUndoUnderALaterPause(t *testing.T) {
	ctx, _, f, e := startFixture(t, 5*time.Minute)
	before := f.Observe(t, ctx, "server")

	for _, s := range []chaos.Spec{
		{Kind: chaos.KindProcStop, Targets: []string{"server"}, Process: "nginx"},
		{Kind: chaos.KindPortBlock, Targets: []string{"server"}, Ports: []int{4505}},
	} {
		t.Run(string(s.Kind), func(t *testing.T) {
			defer func() { _ = e.HealAll(ctx) }()
			en, err := e.Inject(ctx, s)
			require.NoError(t, err)
			pause, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindPause, Targets: []string{"server"}})
			require.NoError(t, err)

			require.NoError(t, e.Ledger().Undo(ctx, e, en.ID))
			assert.Equal(t, "paused", f.State(t, ctx, "server"), "the later pause stands")
			assert.Equal(t, before.Netns, f.Snapshot(t, ctx, "server"), "no rule of the undone fault is left")

			require.NoError(t, e.Ledger().Undo(ctx, e, pause.ID))
			assert.Equal(t, before, f.ObserveUntil(t, ctx, before, 10*time.Second, "server"), "every nginx runs again, nothing stopped")
			assert.True(t, f.Curl(ctx, "client", "server:4505").OK)
		})
	}

	t.Run("paused target refused", func(t *testing.T) {
		_, err := e.Inject(ctx, chaos.Spec{Kind: chaos.KindPause, Targets: []string{"server"}})
		require.NoError(t, err)
		pending := len(e.Ledger().Pending())
		_, err = e.Inject(ctx, chaos.Spec{Kind: chaos.KindRestart, Targets: []string{"server"}})
		assert.ErrorContains(t, err, "is paused (by a pause fault or docker pause)")
		assert.Len(t, e.Ledger().Pending(), pending, "refused before the ledger")
		require.NoError(t, e.HealAll(ctx))
		assert.Equal(t, before, f.ObserveUntil(t, ctx, before, 10*time.Second, "server"))
	})
}

package minion_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/localclient"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFireMasterSkipsDisconnectedMasters is §1.13: an event goes to every
// connected master; a Minion object without a connection logs and drops it.
func TestFireMasterSkipsDisconnectedMasters(t *testing.T) {
	t.Parallel()
	l := newDaemonLab(t, nil, "127.0.0.1")
	l.r.Set("salt-master-2", "127.0.0.2") // resolvable, nothing listens
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	evs, err := localclient.New(l.masters[0].Opts, time.Second).Events(ctx)
	require.NoError(t, err)
	o := simtest.MinionOpts(filepath.Join(l.root, "mi"), "m1", []any{"salt-master-1", "salt-master-2"}, l.pub, l.ret)
	m := simtest.StartMinion(t, o, l.r)
	require.Eventually(t, func() bool { ms := m.Masters(); return len(ms) == 2 && ms[0] == "salt-master-1" }, 10*time.Second, 20*time.Millisecond)

	m.FireMaster(ctx, "custom/drop", map[string]any{"k": "v"})
	assert.Contains(t, m.Log.String(), "Master salt-master-2 is not connected, dropping event custom/drop")
	deadline := time.After(5 * time.Second)
	for {
		select {
		case ev := <-evs:
			if ev.Tag == "custom/drop" {
				d, _ := ev.Data.Get("id")
				assert.Equal(t, "m1", d)
				return
			}
		case <-deadline:
			t.Fatalf("custom/drop never reached the connected master; minion log:\n%s", lastLines(m.Log.String(), 20))
		}
	}
}

func lastLines(s string, n int) string {
	ls := strings.Split(s, "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, "\n")
}

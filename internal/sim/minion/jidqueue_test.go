package minion

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/saltlab/saltlab/internal/sim/netstat"
	"github.com/saltlab/saltlab/internal/sim/resolve"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestJidQueue(t *testing.T) {
	q := newJidQueue(3)
	assert.True(t, q.admit("1"))
	assert.False(t, q.admit("1"), "duplicate dropped")
	assert.True(t, q.admit("2"))
	assert.True(t, q.admit("3"))
	assert.True(t, q.admit("4"), "pushes 1 out (hwm 3)")
	assert.True(t, q.admit("1"), "forgotten after hwm overflow: runs again")
	assert.False(t, q.admit("4"))
	off := newJidQueue(0)
	assert.True(t, off.admit("1"))
	assert.True(t, off.admit("1"), "hwm 0 defeats dedup: Salt pops the jid right after appending it")
	for i := 0; i < 150; i++ {
		newJidQueue(100).admit(fmt.Sprint(i))
	}
}

func TestStatusMaster(t *testing.T) {
	dir := t.TempDir()
	// 127.0.0.1:4505 and 172.28.0.12:4505 (v4-mapped) ESTABLISHED.
	tcp := "hdr\n 0: 0100007F:D2F0 0100007F:1199 01 0\n 1: 0100007F:D2F1 0300007F:1199 08 0\n"
	tcp6 := "hdr\n 0: 0000000000000000FFFF00000B001CAC:9C40 0000000000000000FFFF00000C001CAC:1199 01 0\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tcp"), []byte(tcp), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tcp6"), []byte(tcp6), 0o644))
	r := resolve.Static{"m1": {"127.0.0.1"}, "m2": {"172.28.0.12"}, "m3": {"127.0.0.3"}}
	tests := []struct {
		host          string
		port          int
		connected, ok bool
	}{
		{host: "m1", port: 4505, connected: true, ok: true},
		{host: "m2", port: 4505, connected: true, ok: true},
		{host: "m3", port: 4505, connected: false, ok: true}, // CLOSE_WAIT is not ESTABLISHED
		{host: "m1", port: 4507, connected: false, ok: true},
		{host: "gone", port: 4505, connected: false, ok: false}, // unresolvable: None, fire nothing
		{host: "127.0.0.1", port: 4505, connected: true, ok: true},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s:%d", tc.host, tc.port), func(t *testing.T) {
			c, ok := statusMaster(context.Background(), r, &netstat.Snapshot{ProcNet: dir}, tc.host, tc.port)
			assert.Equal(t, tc.connected, c)
			assert.Equal(t, tc.ok, ok)
		})
	}
}

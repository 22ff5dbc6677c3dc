package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/localclient"
	"github.com/saltlab/saltlab/internal/sim/master"
	"github.com/saltlab/saltlab/internal/sim/pki"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// procNetWith writes a /proc/net/tcp with ESTABLISHED connections from the
// given IPv4 peers to 127.0.0.1:port, the view the salt CLI classifies with.
func procNetWith(t *testing.T, port int, peers ...string) string {
	t.Helper()
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n")
	for i, p := range peers {
		var a [4]byte
		_, err := fmt.Sscanf(p, "%d.%d.%d.%d", &a[0], &a[1], &a[2], &a[3])
		require.NoError(t, err)
		fmt.Fprintf(&b, "%4d: 0100007F:%04X %02X%02X%02X%02X:9C40 01 00000000:00000000 00:00000000 00000000     0        0 1%d 1 0000000000000000 20 4 30 10 -1\n",
			i, port, a[3], a[2], a[1], a[0], i)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tcp"), []byte(b.String()), 0o644))
	return dir
}

// §4.2/§10.9: "[Not connected]" needs the master's minion data cache for the
// minion and at least one other minion seen on the publish port.
func TestSaltNotConnectedClassification(t *testing.T) {
	t.Parallel()
	root := simtest.TempDir(t)
	pub, ret := simtest.Ports(t, "127.0.0.1")
	mo := simtest.MasterOpts(filepath.Join(root, "master"), "127.0.0.1", pub, ret, filepath.Join(root, "master", "pki"))
	m := simtest.StartMaster(t, mo)
	conf := filepath.Join(root, "master", "etc")
	simtest.WriteConfig(t, conf, config.Master, mo)
	r := simtest.NewResolver("salt", "127.0.0.1")
	start := func(id, ip string) *simtest.Minion {
		o := simtest.MinionOpts(filepath.Join(root, id), id, nil, pub, ret).Set("master", "salt")
		o["grains"] = map[string]any{"ipv4": []any{ip}}
		mi := simtest.StartMinion(t, o, r)
		simtest.WaitConnected(t, mi, "salt", 5*time.Second)
		simtest.WaitSubscribed(t, m, 5*time.Second, id)
		require.Eventually(t, func() bool {
			_, err := os.Stat(master.MinionDataPath(mo.Str("cachedir"), id))
			return err == nil
		}, 5*time.Second, 20*time.Millisecond, "minion data cache for %s", id)
		return mi
	}
	start("up", "10.250.0.1")
	gone := start("gone", "10.250.0.2")
	require.Equal(t, 0, gone.Stop())
	require.NoError(t, pki.KeyDirs{Root: mo.Str("pki_dir")}.Write(pki.Accepted, "never", "-----BEGIN PUBLIC KEY-----\nX\n-----END PUBLIC KEY-----\n"))

	tests := []struct {
		name  string
		peers []string
		gone  string
	}{
		{name: "cached minion without a publish connection", peers: []string{"10.250.0.1"}, gone: localclient.NotConnectedText},
		{name: "nobody seen connected: no classification", peers: nil, gone: "Minion did not return. [No response]"},
		{name: "its cached address is connected (shared IP)", peers: []string{"10.250.0.1", "10.250.0.2"}, gone: "Minion did not return. [No response]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			code := Main(ctx, "salt", []string{"-c", conf, "--out=json", "--out-indent=-1", "-t", "2", "*", "test.ping"}, &Env{
				Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Resolver: r, ProcNet: procNetWith(t, pub, tc.peers...),
				Hostname: func() (string, error) { return "testhost", nil },
			})
			assert.Equal(t, 1, code, errb.String())
			docs := map[string]any{}
			for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
				for k, v := range decodeJSON(t, line) {
					docs[k] = v
				}
			}
			assert.Equal(t, true, docs["up"])
			assert.True(t, strings.HasPrefix(fmt.Sprint(docs["gone"]), tc.gone), "gone: %v", docs["gone"])
			assert.True(t, strings.HasPrefix(fmt.Sprint(docs["never"]), "Minion did not return. [No response]"), "no data cache: %v", docs["never"])
		})
	}
}

package cli

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/master"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// §4.1: salt-key -d rotates the master's AES key (drop file, picked up by
// the master's maintenance loop); every remaining minion re-authenticates on
// the next publication and still answers. rotate_aes_key: False keeps the key.
func TestSaltKeyDeleteRotatesAESKey(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		rotate bool
	}{
		{name: "delete rotates the key", rotate: true},
		{name: "rotate_aes_key False keeps it", rotate: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := simtest.TempDir(t)
			pub, ret := simtest.Ports(t, "127.0.0.1")
			mo := simtest.MasterOpts(filepath.Join(root, "master"), "127.0.0.1", pub, ret, filepath.Join(root, "master", "pki"))
			mo["loop_interval"] = 0.1
			mo["rotate_aes_key"] = tc.rotate
			m := simtest.StartMaster(t, mo)
			conf := filepath.Join(root, "master", "etc")
			simtest.WriteConfig(t, conf, config.Master, mo)
			r := simtest.NewResolver("salt", "127.0.0.1")
			var minions []*simtest.Minion
			for _, id := range []string{"m1", "m2"} {
				mi := simtest.StartMinion(t, simtest.MinionOpts(filepath.Join(root, id), id, nil, pub, ret).Set("master", "salt"), r)
				simtest.WaitConnected(t, mi, "salt", 5*time.Second)
				minions = append(minions, mi)
			}
			simtest.WaitSubscribed(t, m, 5*time.Second, "m1", "m2")
			accepted := func() int { return strings.Count(m.Log.String(), "Authentication accepted from m1") }
			require.Equal(t, 1, accepted())

			res := run(t, r, "", "salt-key", "-c", conf, "-y", "-d", "m2")
			require.Equal(t, 0, res.code, res.stderr)
			assert.Contains(t, res.stdout, "Key for minion m2 deleted.")
			if tc.rotate {
				require.Eventually(t, func() bool { return strings.Contains(m.Log.String(), "Rotating master AES key") }, 5*time.Second, 20*time.Millisecond)
			}
			res = run(t, r, "", "salt", "-c", conf, "--out=json", "--out-indent=-1", "-t", "10", "m1", "test.ping")
			assert.Equal(t, "{\"m1\": true}\n", res.stdout, res.stderr)
			if tc.rotate {
				assert.Equal(t, 2, accepted(), "m1 re-authenticated after the rotation")
			} else {
				assert.Equal(t, 1, accepted())
				assert.NotContains(t, m.Log.String(), "Rotating master AES key")
				assert.NoFileExists(t, filepath.Join(mo.Str("cachedir"), master.DropFile), "no rotation requested")
			}
		})
	}
}

// §4.1, §10.1: salt-key -r rotates the AES key as -d does (salt/key.py
// Key.reject). The rejected minion, still connected, cannot read the next
// publication, signs in again, is refused and exits 77 — the whole process,
// so in hot mode it loses every other master too; the other minion
// re-authenticates and answers.
func TestSaltKeyRejectRotatesAESKey(t *testing.T) {
	t.Parallel()
	root := simtest.TempDir(t)
	pub, ret := simtest.Ports(t, "127.0.0.1")
	mo := simtest.MasterOpts(filepath.Join(root, "master"), "127.0.0.1", pub, ret, filepath.Join(root, "master", "pki"))
	mo["loop_interval"] = 0.1
	m := simtest.StartMaster(t, mo)
	conf := filepath.Join(root, "master", "etc")
	simtest.WriteConfig(t, conf, config.Master, mo)
	r := simtest.NewResolver("salt", "127.0.0.1")
	mis := map[string]*simtest.Minion{}
	for _, id := range []string{"m1", "m2"} {
		mi := simtest.StartMinion(t, simtest.MinionOpts(filepath.Join(root, id), id, nil, pub, ret).Set("master", "salt"), r)
		simtest.WaitConnected(t, mi, "salt", 5*time.Second)
		mis[id] = mi
	}
	simtest.WaitSubscribed(t, m, 5*time.Second, "m1", "m2")

	res := run(t, r, "", "salt-key", "-c", conf, "-y", "-r", "m2", "--include-accepted")
	require.Equal(t, 0, res.code, res.stderr)
	assert.Contains(t, res.stdout, "Key for minion m2 rejected.")
	require.Eventually(t, func() bool { return strings.Contains(m.Log.String(), "Rotating master AES key") }, 5*time.Second, 20*time.Millisecond)

	res = run(t, r, "", "salt", "-c", conf, "--out=json", "--out-indent=-1", "-t", "10", "m1", "test.ping")
	assert.Equal(t, "{\"m1\": true}\n", res.stdout, res.stderr)
	select {
	case <-mis["m2"].Done():
	case <-time.After(10 * time.Second):
		t.Fatalf("the rejected minion did not exit; log:\n%s", mis["m2"].Log.String())
	}
	assert.Equal(t, 77, mis["m2"].Code())
	assert.Contains(t, mis["m2"].Log.String(), "The Salt Master has rejected this minion's public key!")
	assert.Contains(t, m.Log.String(), "Public key rejected for m2. Key is present in rejection key dir.")
}

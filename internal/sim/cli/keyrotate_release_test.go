package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/master"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/saltlab/saltlab/internal/sim/simver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What salt-key -d leaves in the drop file differs by release: empty in
// 3006 (salt.crypt.dropfile(cachedir, user)), the master's id from 3007
// (dropfile(cachedir, user, opts["id"])); 3007 also keeps a pending
// request instead of replacing it. No master runs here, so the file stays.
func TestSaltKeyDropFileByRelease(t *testing.T) {
	t.Parallel()
	tests := []struct {
		release  string
		leftover string // drop file already there ("" none)
		want     string
	}{
		{release: "3006", want: ""},
		{release: "3006", leftover: "other_master", want: ""},
		{release: "3007", want: "mm-1"},
		{release: "3008.4", want: "mm-1"},
		{release: "3008", leftover: "other_master", want: "other_master"},
	}
	for _, tc := range tests {
		t.Run(tc.release+" leftover "+tc.leftover, func(t *testing.T) {
			t.Parallel()
			root := simtest.TempDir(t)
			pub, ret := simtest.Ports(t, "127.0.0.1")
			mo := simtest.MasterOpts(filepath.Join(root, "master"), "127.0.0.1", pub, ret, filepath.Join(root, "master", "pki"))
			mo["id"] = "mm-1"
			conf := filepath.Join(root, "master", "etc")
			simtest.WriteConfig(t, conf, config.Master, mo)
			require.NoError(t, os.MkdirAll(filepath.Join(mo.Str("pki_dir"), "minions"), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(mo.Str("pki_dir"), "minions", "m2"), []byte("key"), 0o644))
			dfn := filepath.Join(mo.Str("cachedir"), master.DropFile)
			if tc.leftover != "" {
				require.NoError(t, os.MkdirAll(filepath.Dir(dfn), 0o755))
				require.NoError(t, os.WriteFile(dfn, []byte(tc.leftover), 0o400))
			}
			env := map[string]string{simver.EnvRelease: tc.release}
			res := runEnv(t, simtest.NewResolver(), env, "", "salt-key", "-c", conf, "-y", "-d", "m2")
			require.Equal(t, 0, res.code, res.stderr)
			b, err := os.ReadFile(dfn)
			require.NoError(t, err)
			assert.Equal(t, tc.want, string(b))
			st, err := os.Stat(dfn)
			require.NoError(t, err)
			assert.Equal(t, os.FileMode(0o400), st.Mode().Perm())
		})
	}
}

// The master side of the same difference: 3006 rotates on any drop file
// and logs "Rotating master AES key"; 3007 and 3008 rotate only on a file
// naming their own id (handle_key_rotate), log no such line, and leave a
// file naming another master in place. A rotation shows as the minion
// signing in again before it answers the next job.
func TestMasterRotatesOnDropFileByRelease(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		release simver.Release
		names   string
		rotates bool
		logLine bool
	}{
		{name: "3006 any file", release: simver.Release3006, names: "", rotates: true, logLine: true},
		{name: "3006 file naming another master", release: simver.Release3006, names: "other_master", rotates: true, logLine: true},
		{name: "3007 own id", release: simver.Release3007, names: "mm-1", rotates: true},
		{name: "3008 own id", release: simver.Release3008, names: "mm-1", rotates: true},
		{name: "3008 another master", release: simver.Release3008, names: "other_master", rotates: false},
		{name: "3007 empty file", release: simver.Release3007, names: "", rotates: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := simtest.TempDir(t)
			pub, ret := simtest.Ports(t, "127.0.0.1")
			mo := simtest.MasterOpts(filepath.Join(root, "master"), "127.0.0.1", pub, ret, filepath.Join(root, "master", "pki"))
			mo["id"] = "mm-1"
			mo["loop_interval"] = 0.05
			m := simtest.StartMasterAs(t, mo, tc.release)
			conf := filepath.Join(root, "master", "etc")
			simtest.WriteConfig(t, conf, config.Master, mo)
			r := simtest.NewResolver("salt", "127.0.0.1")
			mi := simtest.StartMinion(t, simtest.MinionOpts(filepath.Join(root, "m1"), "m1", nil, pub, ret).Set("master", "salt"), r)
			simtest.WaitConnected(t, mi, "salt", 5*time.Second)
			simtest.WaitSubscribed(t, m, 5*time.Second, "m1")
			accepted := func() int { return strings.Count(m.Log.String(), "Authentication accepted from m1") }
			require.Equal(t, 1, accepted())

			dfn := filepath.Join(mo.Str("cachedir"), master.DropFile)
			require.NoError(t, os.MkdirAll(filepath.Dir(dfn), 0o755))
			require.NoError(t, os.WriteFile(dfn, []byte(tc.names), 0o400))
			if tc.rotates {
				require.Eventually(t, func() bool { _, err := os.Stat(dfn); return os.IsNotExist(err) }, 5*time.Second, 10*time.Millisecond, "the master takes the drop file")
			} else {
				// Twenty maintenance loops (loop_interval 0.05 s) leave it alone.
				assert.Never(t, func() bool { _, err := os.Stat(dfn); return os.IsNotExist(err) }, time.Second, 10*time.Millisecond)
			}
			ping := func(timeout string) string {
				return run(t, r, "", "salt", "-c", conf, "--out=json", "--out-indent=-1", "-t", timeout, "m1", "test.ping").stdout
			}
			if tc.rotates {
				// The master removes the file, then rotates (as Salt's
				// handle_key_rotate does): a job published in between still
				// uses the old key, so ping until one shows the new one.
				// Each ping is short: one the minion misses waits out its
				// -t, and a ping as long as the window left no second try
				// (seen in CI on a loaded host).
				require.Eventually(t, func() bool { return ping("2") == "{\"m1\": true}\n" && accepted() == 2 }, 30*time.Second, 100*time.Millisecond,
					"m1 signed in again after the rotation and answers")
			} else {
				assert.Equal(t, "{\"m1\": true}\n", ping("10"))
				assert.Equal(t, 1, accepted(), "no rotation, no new sign-in")
			}
			assert.Equal(t, tc.logLine, strings.Contains(m.Log.String(), "Rotating master AES key"))
		})
	}
}

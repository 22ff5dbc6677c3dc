package saltout

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/salt/saltver"
)

// realCaptures are the outputs of every command line the steps run, taken
// from a live failover lab on genuine Salt by testdata/real/capture, one
// folder per release: what the parsers must read as real Salt prints it.
func realCaptures(t testing.TB) map[string]map[string]string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("testdata", "real", "*"))
	require.NoError(t, err)
	out := map[string]map[string]string{}
	for _, d := range dirs {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			continue
		}
		files, err := filepath.Glob(filepath.Join(d, "*.stdout"))
		require.NoError(t, err)
		caps := map[string]string{}
		for _, f := range files {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			caps[strings.TrimSuffix(filepath.Base(f), ".stdout")] = string(b)
		}
		out[filepath.Base(d)] = caps
	}
	return out
}

func TestParsersReadRealSalt(t *testing.T) {
	releases := realCaptures(t)
	require.NotEmpty(t, releases, "no captures under testdata/real: run testdata/real/capture against a real lab")
	for release, c := range releases {
		t.Run(release, func(t *testing.T) {
			ver, err := saltver.ParseReported(c["call-version"])
			require.NoError(t, err)
			assert.Equal(t, release, ver.Release.String(), "salt-call --version names the release captured")
			assert.False(t, ver.Sim)

			r, err := ParseCall(c["call-test-ping"])
			require.NoError(t, err)
			v, ok := r.Bool()
			assert.True(t, ok && v, "salt-call test.ping answers true: %s", r.Local)

			r, err = ParseCall(c["call-local-config-get"])
			require.NoError(t, err)
			var masters []string
			require.NoError(t, json.Unmarshal(r.Local, &masters))
			assert.Equal(t, []string{"salt-master-1", "salt-master-2"}, masters)

			rets, _, err := ParseStream(c["salt-test-ping"])
			require.NoError(t, err)
			assert.True(t, rets.True("salt-minion-1") && rets.True("salt-minion-2"), "%v", rets)
			rets, _, err = ParseStream(c["salt-test-echo"])
			require.NoError(t, err)
			assert.JSONEq(t, `"salt-is-cool"`, string(rets["salt-minion-1"]))

			raw, err := ParseRunner(c["run-config-get"])
			require.NoError(t, err)
			assert.JSONEq(t, `10`, string(raw), "gather_job_timeout's default")
			_, err = ParseRunner(c["run-config-get-missing"])
			assert.NoError(t, err, "a missing option still parses")

			keys, err := ParseKeyList(c["key-list"])
			require.NoError(t, err)
			assert.ElementsMatch(t, []string{"salt-minion-1", "salt-minion-2"}, keys.Accepted)

			for master, name := range map[string]string{"salt-master-1": "key-finger", "salt-master-2": "key-finger-m2"} {
				local, err := ParseLocalFingers(c[name])
				require.NoError(t, err)
				_, own, err := OwnPublicKey(master, local)
				require.NoError(t, err, "%s: %v", master, local)
				assert.NotEmpty(t, own)
			}
		})
	}
}

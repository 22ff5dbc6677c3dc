package cli

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
)

// A dict return whose result or success is False fails the job (§4.3,
// _thread_return / Caller.call): salt-call and salt exit 1. config.get of a
// dict-valued option is the double's way to return such a dict.
func TestFailedDictRetcode(t *testing.T) {
	t.Parallel()
	checks := map[string]any{
		"bad_result":  map[string]any{"result": false, "comment": "broken"},
		"bad_success": map[string]any{"success": false},
		"good":        map[string]any{"result": true, "success": true},
		"not_bool":    map[string]any{"result": "False"},
	}
	f := newCallFixture(t, nil)
	conf := filepath.Join(f.dir, "..", "master-etc")
	simtest.WriteConfig(t, conf, config.Master, f.master.Opts)
	root := simtest.TempDir(t)
	d := simtest.StartMinion(t, simtest.MinionOpts(root, "d1", nil, f.pubPort, f.retPort).Set("master", "salt").Set("checks", checks), f.r)
	simtest.WaitConnected(t, d, "salt", 5*time.Second)
	simtest.WaitSubscribed(t, f.master, 5*time.Second, "d1")
	tests := []struct {
		key  string
		code int
	}{
		{key: "checks:bad_result", code: 1},
		{key: "checks:bad_success", code: 1},
		{key: "checks:good", code: 0},
		{key: "checks:not_bool", code: 0},
	}
	for _, tc := range tests {
		t.Run(tc.key, func(t *testing.T) {
			call := f.call(t, map[string]any{"checks": checks}, "--out=json", "config.get", tc.key)
			assert.Equal(t, tc.code, call.code, "salt-call stdout=%q stderr=%q", call.stdout, call.stderr)
			pass := f.call(t, map[string]any{"checks": checks}, "--out=json", "--retcode-passthrough", "config.get", tc.key)
			assert.Equal(t, tc.code, pass.code, "salt-call --retcode-passthrough stderr=%q", pass.stderr)
			salt := run(t, f.r, "", "salt", "-c", conf, "d1", "config.get", tc.key, "--out=json")
			assert.Equal(t, tc.code, salt.code, "salt stdout=%q stderr=%q", salt.stdout, salt.stderr)
			if tc.code != 0 {
				assert.Contains(t, salt.stderr, "ERROR: Minions returned with non-zero exit code")
			}
		})
	}
}

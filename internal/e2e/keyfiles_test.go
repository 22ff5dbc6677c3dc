//go:build docker

package e2e

import (
	"encoding/json"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// keyStatesScript gives the master's key folders under $1 a key of every
// state besides the lab's accepted ones, and what Salt 3008's key store
// passes over or treats apart: a dot file (listed only when denied), a
// folder, a link, a name with a backslash, and one id in two folders.
const keyStatesScript = `set -e; d=$1
mkdir -p "$d/minions_pre" "$d/minions_rejected" "$d/minions_denied" "$d/minions/a-folder"
for f in minions_pre/Pending-B minions_pre/pending-a minions_rejected/rejected-1 minions_denied/denied-1 \
	minions/.hidden minions_denied/.denied-dot 'minions_pre/back\slash' minions_pre/twice minions_rejected/twice; do
	printf 'not a key\n' >"$d/$f"
done
ln -s "$d/minions_pre/pending-a" "$d/minions/linked"`

// TestKeyFoldersListAsSaltKeyOnRealSalt: the key list the run reads from a
// master's key folders (client.KeyFiles, no Salt process) is `salt-key
// -L`'s on the same real Salt 3008 master: the lab's accepted minions and
// a key of every other state, in salt-key's order, with what its key
// store passes over left out. The run reads the folders only where the
// master's options name that store (keys.cache_driver localfs_key): on
// the double and older releases salt-key -L runs.
func TestKeyFoldersListAsSaltKeyOnRealSalt(t *testing.T) {
	for _, flavor := range []string{"real"} {
		t.Run(flavor, func(t *testing.T) {
			parallelRealLab(t)
			requireIndex(t)
			bin := saltlabBinary(t)
			id := runID(t, "keyfiles-"+flavor)
			out, err := saltlab(t, bin, "up", "--topology", "failover", "--salt", flavor, "--reports", t.TempDir(), "--run-id", id).CombinedOutput()
			t.Cleanup(func() {
				_, _ = saltlab(t, bin, "down", "--run", id).CombinedOutput()
				assertNothingLeft(t, id)
			})
			require.NoError(t, err, "%s", tail(string(out), 40))
			master := settings.ProjectName("failover", id) + "-salt-master-1-1"
			in := func(argv ...string) string {
				out, err := exec.Command("docker", append([]string{"exec", master}, argv...)...).Output()
				require.NoError(t, err, "docker exec %v", argv)
				return string(out)
			}
			raw, err := saltout.ParseRunner(in(client.SaltRun("config.get", "pki_dir").Line()...))
			require.NoError(t, err)
			var pki string
			require.NoError(t, json.Unmarshal(raw, &pki))
			in("bash", "-c", keyStatesScript, "key-states", pki)

			want, err := saltout.ParseKeyList(in(client.SaltKey("-L").Line()...))
			require.NoError(t, err)
			got, err := client.ParseKeyFiles(in(client.KeyFilesArgv(pki)...))
			require.NoError(t, err)
			assert.Equal(t, want.Accepted, got.Accepted)
			assert.Equal(t, want.Pending, got.Pending)
			assert.Equal(t, want.Rejected, got.Rejected)
			assert.Equal(t, want.Denied, got.Denied)
			assert.Equal(t, []string{"salt-minion-1", "salt-minion-2"}, got.Accepted)
			assert.Equal(t, []string{"pending-a", "Pending-B"}, got.Pending)
			assert.Equal(t, []string{"rejected-1", "twice"}, got.Rejected)
			assert.Equal(t, []string{".denied-dot", "denied-1"}, got.Denied)
		})
	}
}

// Tests of minion-swarm, the script that runs many minions in one lab
// container. They run it on the host with a stand-in salt-minion that
// records how it was started and then waits, or ends with a given code.
package lib

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// standInMinion records its arguments in <config dir>/argv and its
// configuration's identity drop-in in <config dir>/seen, then ends with
// $FAKE_EXIT_<n> when this is the minion numbered n (its id's last
// field), or waits to be stopped.
const standInMinion = `#!/usr/bin/env bash
dir=
prev=
for a in "$@"; do [ "$prev" = -c ] && dir=$a; prev=$a; done
echo "$*" >"$dir/argv"
cat "$dir"/minion.d/*.conf >"$dir/seen"
id=$(sed -n 's/^id: //p' "$dir/minion.d/zz-saltlab-swarm.conf")
var=FAKE_EXIT_${id##*-}
if [ -n "${!var:-}" ]; then exit "${!var}"; fi
exec sleep 30
`

type swarmRun struct {
	root, logs, dropins, bin string
}

func newSwarmRun(t *testing.T, double bool) swarmRun {
	t.Helper()
	d := t.TempDir()
	r := swarmRun{root: filepath.Join(d, "run"), logs: filepath.Join(d, "logs"), dropins: filepath.Join(d, "minion.d"), bin: filepath.Join(d, "bin")}
	require.NoError(t, os.MkdirAll(r.dropins, 0o755))
	require.NoError(t, os.MkdirAll(r.bin, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(r.dropins, "lab.conf"), []byte("master: salt-master-1\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(r.bin, "salt-minion"), []byte(standInMinion), 0o755))
	if double {
		// The double's image has saltsim on its PATH; here a stand-in
		// that says it ran, with its swarm size.
		require.NoError(t, os.WriteFile(filepath.Join(r.bin, "saltsim"), []byte("#!/bin/sh\n"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(r.bin, "salt-minion"),
			[]byte("#!/bin/sh\necho \"double: $* swarm=$SALTSIM_SWARM\"\n"), 0o755))
	}
	return r
}

// swarm runs minion-swarm as the lab does (lib.SwarmArgv) with env, and
// sends it SIGTERM after stopAfter when that is set.
func (r swarmRun) swarm(t *testing.T, env []string, stopAfter time.Duration) (code int, log string) {
	t.Helper()
	base := append(os.Environ(), "PATH="+r.bin+":"+os.Getenv("PATH"), "SALTLAB_SWARM_ROOT="+r.root,
		"SALTLAB_SWARM_LOGS="+r.logs, "SALTLAB_SWARM_DROPINS="+r.dropins)
	return runScript(t, "minion-swarm", SwarmArgv("salt-minion", "-l", "info"), append(base, env...), stopAfter)
}

// TestSwarmStartsEveryMinionWithItsOwnIdentity: each minion is a process
// of its own, started with the service's command line, its own config
// directory and --disable-keepalive, and sees the container's drop-ins
// and then its own id, keys, cache and sockets.
func TestSwarmStartsEveryMinionWithItsOwnIdentity(t *testing.T) {
	r := newSwarmRun(t, false)
	code, log := r.swarm(t, []string{"SALTSIM_SWARM=3", "SALTSIM_SWARM_ID=salt-minion-1-%03d"}, 1500*time.Millisecond)
	assert.Equal(t, 0, code, "SIGTERM stops the swarm with 0:\n%s", log)
	for _, id := range []string{"salt-minion-1-001", "salt-minion-1-002", "salt-minion-1-003"} {
		dir := filepath.Join(r.root, id)
		argv, err := os.ReadFile(filepath.Join(dir, "argv"))
		require.NoError(t, err, "minion %s was not started:\n%s", id, log)
		assert.Equal(t, "-l info -c "+dir+" --disable-keepalive\n", string(argv))
		seen, err := os.ReadFile(filepath.Join(dir, "seen"))
		require.NoError(t, err)
		assert.Equal(t, "master: salt-master-1\n# Written by minion-swarm: this minion's identity in the swarm.\n"+
			"id: "+id+"\npki_dir: "+dir+"/pki\ncachedir: "+dir+"/cache\nextension_modules: "+dir+"/cache/extmods\nsock_dir: "+dir+"/sock\n"+
			"pidfile: "+dir+"/salt-minion.pid\nlog_file: "+r.logs+"/"+id+".log\nmultiprocessing: False\n", string(seen),
			"the container's drop-ins first, the minion's identity last")
	}
	assert.NoDirExists(t, filepath.Join(r.root, "salt-minion-1-004"))
}

// TestSwarmEndsWithAMinion: a minion that ends ends the swarm with its
// code, so Docker and the lab see a dead minion; bad input is refused.
func TestSwarmEndsWithAMinion(t *testing.T) {
	tests := []struct {
		name    string
		env     []string
		code    int
		wantLog string
	}{
		{"a minion's exit code ends the container", []string{"SALTSIM_SWARM=3", "FAKE_EXIT_002=5"}, 5, "ended with 5"},
		// Ended while the other 29 were still being started: reaped
		// before the swarm watched, which `wait -n` missed.
		{"a minion that ends at once is seen too", []string{"SALTSIM_SWARM=30", "FAKE_EXIT_001=3"}, 3, "ended with 3; stopping the others"},
		{"no size", nil, 64, `SALTSIM_SWARM="": want a positive number`},
		{"zero", []string{"SALTSIM_SWARM=0"}, 64, "want a positive number"},
		{"not a number", []string{"SALTSIM_SWARM=-3"}, 64, "want a positive number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, log := newSwarmRun(t, false).swarm(t, tt.env, 0)
			assert.Equal(t, tt.code, code, log)
			assert.Contains(t, log, tt.wantLog)
		})
	}
}

// TestSwarmKeepsOnlyTheMinionsOwnKeys: with a key cache, a minion's pki
// directory is its cached one, from which an earlier lab's master key is
// removed (a minion refuses a master whose key differs from the cached
// one) while its own pair stays.
func TestSwarmKeepsOnlyTheMinionsOwnKeys(t *testing.T) {
	r := newSwarmRun(t, false)
	keys := filepath.Join(t.TempDir(), "keys")
	pki := filepath.Join(keys, "swarm-001")
	require.NoError(t, os.MkdirAll(pki, 0o700))
	for _, f := range []string{"minion.pem", "minion.pub", "minion_master.pub"} {
		require.NoError(t, os.WriteFile(filepath.Join(pki, f), []byte(f), 0o600))
	}
	code, log := r.swarm(t, []string{"SALTSIM_SWARM=1", "SALTSIM_SWARM_KEYS=" + keys}, 1500*time.Millisecond)
	assert.Equal(t, 0, code, log)
	seen, err := os.ReadFile(filepath.Join(r.root, "swarm-001", "seen"))
	require.NoError(t, err, log)
	assert.Contains(t, string(seen), "pki_dir: "+pki+"\n")
	assert.FileExists(t, filepath.Join(pki, "minion.pem"))
	assert.FileExists(t, filepath.Join(pki, "minion.pub"))
	assert.NoFileExists(t, filepath.Join(pki, "minion_master.pub"))
}

// TestSwarmLeavesTheDoubleAlone: the double runs a swarm in one process
// from the same variables, so its salt-minion is exec'd unchanged.
func TestSwarmLeavesTheDoubleAlone(t *testing.T) {
	r := newSwarmRun(t, true)
	code, log := r.swarm(t, []string{"SALTSIM_SWARM=50"}, 0)
	assert.Equal(t, 0, code, log)
	assert.Equal(t, "double: -l info swarm=50\n", log)
	assert.NoDirExists(t, r.root)
}

package chaos

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/lab"
)

const testKey = "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"

// keyMaster stands in for a master container: the engine's bash scripts
// run on a local pki_dir, and salt-key is played by moving files.
type keyMaster struct {
	Docker
	t      *testing.T
	pki    string
	ledger string
	status string // running, exited, gone
	onDisk bool   // the inject line held the key text when salt-key ran
	// saltKey is the command line salt-key ran with.
	saltKey []string
}

func (k *keyMaster) ContainerInspect(context.Context, string) (container.InspectResponse, error) {
	if k.status == "gone" {
		return container.InspectResponse{}, errdefs.ErrNotFound
	}
	st := &container.State{Status: k.status, Running: k.status == "running"}
	return container.InspectResponse{ContainerJSONBase: &container.ContainerJSONBase{ID: "c0ffee", State: st}}, nil
}

func (k *keyMaster) exec(_ context.Context, _ string, argv []string) (lab.ExecResult, error) {
	if argv[0] == "bash" {
		var out, errb bytes.Buffer
		c := exec.Command(argv[0], argv[1:]...)
		c.Stdout, c.Stderr = &out, &errb
		err := c.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code, err = ee.ExitCode(), nil
		}
		return lab.ExecResult{Stdout: out.String(), Stderr: errb.String(), ExitCode: code}, err
	}
	// timeout -k N S salt-key ... -a|-r|-d ID ...: the action, after the
	// ledger line is on disk.
	k.saltKey = argv
	b, _ := os.ReadFile(k.ledger)
	k.onDisk = strings.Contains(string(b), `"event":"inject"`) && strings.Contains(string(b), `"key.minions`)
	line := strings.Join(argv, " ")
	id := filepath.Join(k.pki, "minions", "m1")
	switch {
	case strings.Contains(line, " -r m1"):
		_ = os.Rename(id, filepath.Join(k.pki, "minions_rejected", "m1"))
	case strings.Contains(line, " -d m1"):
		_ = os.Remove(id)
	case strings.Contains(line, " -a m1"):
		_ = os.Rename(filepath.Join(k.pki, "minions_pre", "m1"), id)
	}
	return lab.ExecResult{}, nil
}

// files returns every key file under the pki dir with its mode and text.
func (k *keyMaster) files() map[string]string {
	got := map[string]string{}
	for _, d := range keyDirs {
		ents, _ := os.ReadDir(filepath.Join(k.pki, d.dir))
		for _, en := range ents {
			b, _ := os.ReadFile(filepath.Join(k.pki, d.dir, en.Name()))
			info, _ := en.Info()
			got[d.dir+"/"+en.Name()] = info.Mode().Perm().String() + " " + string(b)
		}
	}
	return got
}

func newKeyMaster(t *testing.T, setup map[string]string) (*keyMaster, *Engine) {
	pki := t.TempDir()
	for _, d := range keyDirs {
		require.NoError(t, os.Mkdir(filepath.Join(pki, d.dir), 0o700))
	}
	for f, c := range setup {
		require.NoError(t, os.WriteFile(filepath.Join(pki, f), []byte(c), 0o644))
	}
	k := &keyMaster{t: t, pki: pki, ledger: filepath.Join(t.TempDir(), "faults.jsonl"), status: "running"}
	e := New(k, "20261122-021503-a1b2c3", "saltlab-failover-x", fault.NewLedger(k.ledger))
	e.execIn = k.exec
	return k, e
}

// A key action is on the ledger, with the key text, before salt-key runs;
// heal from the ledger file alone (the runner died, nothing in memory)
// puts the key back where it was, and healing again changes nothing.
func TestKeyActionRecordsBeforeActingAndHealsFromTheLedger(t *testing.T) {
	for _, tt := range []struct {
		name, op string
		setup    map[string]string
		acted    map[string]string // files after the action
		onDisk   bool
	}{
		{name: "reject an accepted key", op: "reject", setup: map[string]string{"minions/m1": testKey},
			acted: map[string]string{"minions_rejected/m1": "-rw-r--r-- " + testKey}, onDisk: true},
		{name: "delete an accepted key", op: "delete", setup: map[string]string{"minions/m1": testKey},
			acted: map[string]string{}, onDisk: true},
		{name: "accept a pending key", op: "accept", setup: map[string]string{"minions_pre/m1": testKey},
			acted: map[string]string{"minions/m1": "-rw-r--r-- " + testKey}, onDisk: true},
		{name: "delete a key that is not there", op: "delete", setup: map[string]string{},
			acted: map[string]string{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			k, e := newKeyMaster(t, tt.setup)
			before := k.files()
			en, err := e.Inject(context.Background(), Spec{Kind: KindKeyAction, Targets: []string{"salt-master-1"}, Path: k.pki, Minion: "m1", KeyOp: tt.op})
			require.NoError(t, err)
			assert.Equal(t, tt.acted, k.files())
			assert.Equal(t, tt.onDisk, k.onDisk, "the key text was synced before salt-key ran")
			assert.Equal(t, client.SaltKeyAction(tt.op, "m1").Argv(keyOpTimeout), k.saltKey, "the steps' salt-key command, under the one bound")

			l, err := fault.Open(k.ledger)
			require.NoError(t, err)
			require.Len(t, l.Pending(), 1)
			heal := New(k, "20261122-021503-a1b2c3", "saltlab-failover-x", l)
			heal.execIn = k.exec
			require.NoError(t, l.UndoAll(context.Background(), heal), "what `saltlab heal` replays")
			assert.Equal(t, before, k.files())
			assert.Empty(t, l.Pending())
			require.NoError(t, heal.Undo(context.Background(), en), "already restored")
			assert.Equal(t, before, k.files())
		})
	}
}

// The undo leaves a key accepted again (by an auto-accepting master) as it
// is, and a master whose container is gone needs nothing; a stopped one
// says how to finish the heal.
func TestUndoKeyActionIsIdempotent(t *testing.T) {
	k, e := newKeyMaster(t, map[string]string{"minions/m1": testKey})
	en, err := e.Inject(context.Background(), Spec{Kind: KindKeyAction, Targets: []string{"salt-master-1"}, Path: k.pki, Minion: "m1", KeyOp: "delete"})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(k.pki, "minions", "m1"), []byte(testKey), 0o600))
	require.NoError(t, e.Undo(context.Background(), en))
	assert.Equal(t, map[string]string{"minions/m1": "-rw------- " + testKey}, k.files(), "the same key accepted again is left alone")

	k.status = "exited"
	assert.ErrorContains(t, e.Undo(context.Background(), en), "start it and run `saltlab heal` again")
	k.status = "gone"
	assert.NoError(t, e.Undo(context.Background(), en))
}

func TestKeyActionSpecIsValidated(t *testing.T) {
	for _, tt := range []struct {
		name string
		s    Spec
		want string
	}{
		{"path in the id", Spec{Minion: "../m1", KeyOp: "delete"}, `minion id "../m1"`},
		{"dot id", Spec{Minion: "..", KeyOp: "delete"}, `minion id ".."`},
		{"unknown action", Spec{Minion: "m1", KeyOp: "purge"}, `action "purge": want accept, reject or delete`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.s.Kind, tt.s.Targets = KindKeyAction, []string{"salt-master-1"}
			assert.ErrorContains(t, tt.s.Validate(), tt.want)
		})
	}
}

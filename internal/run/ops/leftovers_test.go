package ops

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/network"
	"github.com/docker/docker/api/types/volume"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/usage"
)

// listingEngine is an engine that only lists: the labs of runs (one
// container each). Any other call (a removal) panics on the nil
// embedded interface, so a test fails if down removes anything.
type listingEngine struct {
	lab.Docker
	runs []string
}

func (e listingEngine) ContainerList(context.Context, container.ListOptions) ([]container.Summary, error) {
	var cs []container.Summary
	for _, r := range e.runs {
		cs = append(cs, container.Summary{ID: r, Labels: labels.ForRun(r, "saltlab-hot-"+r)})
	}
	return cs, nil
}

func (listingEngine) NetworkList(context.Context, network.ListOptions) ([]network.Summary, error) {
	return nil, nil
}

func (listingEngine) VolumeList(context.Context, volume.ListOptions) (volume.ListResponse, error) {
	return volume.ListResponse{}, nil
}

// TestDownOfAGoneRun: `down --run` of a run no lab carries removes
// nothing, prints nothing as removed and fails listing the live runs;
// a private directory the run left is all it removes then.
func TestDownOfAGoneRun(t *testing.T) {
	tests := []struct {
		name     string
		live     []string
		private  bool
		wantErr  []string
		wantSaid string
	}{
		{name: "other labs live", live: []string{"run-b", "run-a"},
			wantErr: []string{"down --run run-x: no lab on this engine carries that run id, so nothing was removed; live runs:\n  run-a\n  run-b"}},
		{name: "no lab at all", wantErr: []string{"nothing was removed; no saltlab lab is on this engine"}},
		{name: "its private directory left behind", live: []string{"run-a"}, private: true, wantSaid: "removed the private directory of run run-x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			if tt.private {
				dir, err := runstate.MakePrivate(root, "run-x", "")
				require.NoError(t, err)
				require.NoError(t, os.MkdirAll(filepath.Join(dir, runstate.ConfigDir), 0o700))
			}
			var out bytes.Buffer
			err := down(context.Background(), listingEngine{runs: tt.live}, root, "run-x", &out)
			if len(tt.wantErr) > 0 {
				for _, w := range tt.wantErr {
					assert.ErrorContains(t, err, w)
				}
				assert.False(t, usage.Is(err), "exit 1: the command failed, the input was well formed")
				assert.Empty(t, out.String(), "nothing is claimed as removed")
				return
			}
			require.NoError(t, err)
			assert.Contains(t, out.String(), tt.wantSaid)
			assert.NotContains(t, out.String(), "removed 0")
			assert.NoDirExists(t, filepath.Join(root, "run-x"))
		})
	}
}

// TestDownAllLeavesTheUsersFiles: down --all removes the private dirs
// saltlab made under the state folder, and nothing else there: a file and
// a folder the user put beside them are still there, and it says so.
func TestDownAllLeavesTheUsersFiles(t *testing.T) {
	root := filepath.Join(t.TempDir(), "state")
	var made []string
	for _, id := range []string{"run-a", "run-b"} {
		dir, err := runstate.MakePrivate(root, id, "")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, runstate.APIPasswordFile), []byte("secret"), 0o600))
		made = append(made, dir)
	}
	lab2, err := runstate.MakePrivate(root, "run-c", "lab2") // a lab of a run with several
	require.NoError(t, err)
	made = append(made, filepath.Dir(lab2))
	require.NoError(t, os.WriteFile(filepath.Join(root, "notes.txt"), []byte("mine"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(root, "backup", "run-z"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(root, "backup", "run-z", "api-password"), []byte("old"), 0o600))

	var out bytes.Buffer
	require.NoError(t, down(context.Background(), listingEngine{}, root, "", &out))
	for _, d := range made {
		assert.NoDirExists(t, d)
	}
	b, err := os.ReadFile(filepath.Join(root, "notes.txt"))
	require.NoError(t, err)
	assert.Equal(t, "mine", string(b))
	assert.FileExists(t, filepath.Join(root, "backup", "run-z", "api-password"))
	assert.Contains(t, out.String(), "left "+filepath.Join(root, "backup")+" as it is: saltlab did not make it")
	assert.Contains(t, out.String(), "left "+filepath.Join(root, "notes.txt")+" as it is")

	// down --run of a run whose private dir is not saltlab's: refused, kept.
	err = down(context.Background(), listingEngine{}, root, "backup", &out)
	assert.ErrorContains(t, err, "holds files saltlab did not put there")
	assert.FileExists(t, filepath.Join(root, "backup", "run-z", "api-password"))
}

// TestHealTargets: heal acts only on labs on the engine; with --all the
// runs whose lab is gone are set apart, and a named run whose lab is gone
// is an error listing the live ones.
func TestHealTargets(t *testing.T) {
	reports := t.TempDir()
	for i, id := range []string{"run-gone", "run-up", "run-old"} {
		require.NoError(t, runstate.Save(runstate.Dir(reports, id), runstate.State{RunID: id, Topology: "hot", Started: time.Unix(int64(i), 0)}))
	}
	owners := map[string]string{"run-up": "host:1", "run-elsewhere": "host:2"}
	w := Which{Reports: reports}

	live, gone, err := healTargets(w, true, owners)
	require.NoError(t, err)
	assert.Equal(t, []string{"run-up"}, ids(live))
	assert.Equal(t, []string{"run-old", "run-gone"}, ids(gone), "newest first")

	w.ID = "run-gone"
	_, _, err = healTargets(w, false, owners)
	assert.ErrorContains(t, err, "find run run-gone: its lab is no longer on this engine")
	assert.ErrorContains(t, err, "live runs:\n  run-up  topology hot")
	assert.ErrorContains(t, err, "run-elsewhere  (no run.json under "+reports+")")

	w.ID = "run-up"
	live, _, err = healTargets(w, false, owners)
	require.NoError(t, err)
	assert.Equal(t, []string{"run-up"}, ids(live))
}

func ids(states []runstate.State) []string {
	var out []string
	for _, s := range states {
		out = append(out, s.RunID)
	}
	return out
}

// TestCloseStale: a gone lab's ledger with faults still pending gets them
// closed as stale and a line saying so; a clean ledger, or none, is left
// untouched and unmentioned.
func TestCloseStale(t *testing.T) {
	reports := t.TempDir()
	stale, clean, none := runstate.State{RunID: "run-stale"}, runstate.State{RunID: "run-clean"}, runstate.State{RunID: "run-none"}
	for _, st := range []runstate.State{stale, clean, none} {
		require.NoError(t, runstate.Save(runstate.Dir(reports, st.RunID), st))
	}
	l := fault.NewLedger(filepath.Join(runstate.Dir(reports, "run-stale"), runstate.LedgerFile))
	for _, target := range []string{"salt-master-1", "salt-minion-2"} {
		_, err := l.Record(history.FaultPause, target, "sc")
		require.NoError(t, err)
	}
	cleanPath := filepath.Join(runstate.Dir(reports, "run-clean"), runstate.LedgerFile)
	c := fault.NewLedger(cleanPath)
	e, err := c.Record(history.FaultStop, "salt-master-1", "sc")
	require.NoError(t, err)
	require.NoError(t, c.Undo(context.Background(), okUndo{}, e.ID))
	before, err := os.ReadFile(cleanPath)
	require.NoError(t, err)

	var out bytes.Buffer
	require.NoError(t, closeStale(reports, []runstate.State{stale, clean, none}, &out))
	assert.Equal(t, "run run-stale: its lab is gone; closed 2 fault(s) its ledger still held as stale (nothing left to undo)\n", out.String())
	again, err := fault.Open(filepath.Join(runstate.Dir(reports, "run-stale"), runstate.LedgerFile))
	require.NoError(t, err)
	assert.Empty(t, again.Pending(), "a second heal --all finds nothing to close")
	after, err := os.ReadFile(cleanPath)
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after), "a clean ledger is not touched")
	assert.NoFileExists(t, filepath.Join(runstate.Dir(reports, "run-none"), runstate.LedgerFile))

	out.Reset()
	require.NoError(t, closeStale(reports, []runstate.State{stale}, &out))
	assert.Empty(t, out.String())
	b, err := os.ReadFile(filepath.Join(runstate.Dir(reports, "run-stale"), runstate.LedgerFile))
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(string(b), `"event":"stale"`), "the ledger keeps its history and says why")
}

type okUndo struct{}

func (okUndo) Undo(context.Context, fault.Entry) error { return nil }

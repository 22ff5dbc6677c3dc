package runstate

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/owned"
)

// TestClaimWithdraw: a run that never started leaves no run directory of
// its own, keeps what a directory held before it, and never removes a
// run.json it did not write.
func TestClaimWithdraw(t *testing.T) {
	st := State{RunID: "run-x", Project: "saltlab-hot-run-x", Started: time.Unix(1, 0)}
	tests := []struct {
		name     string
		before   map[string]string // files in the directory before the run; nil: no directory
		users    bool              // the directory is the user's: no saltlab marker in it
		save     bool
		keep     string // what Keep names, written as a folder holding one file
		wantDir  bool
		wantKept []string
		wantGone []string
	}{
		{name: "failed before run.json (an image build)", save: false, wantDir: false},
		{name: "failed after run.json (a lab that never came up)", save: true, wantDir: false},
		{name: "a lab that never came up keeps the logs it was asked to keep, and nothing else", save: true, keep: "logs",
			wantDir: true, wantKept: []string{"logs/salt-master-1.log"}, wantGone: []string{StateFile, LedgerFile}},
		{name: "a reused run folder of saltlab's keeps its files, loses the claim", before: map[string]string{"report.html": "old"}, save: true,
			wantDir: true, wantKept: []string{"report.html", owned.Marker}, wantGone: []string{StateFile}},
		{name: "another lab's run.json is not this run's to remove", before: map[string]string{StateFile: `{"run_id":"run-x"}`}, save: false,
			wantDir: true, wantKept: []string{StateFile}},
		{name: "an empty folder is claimed and left empty", before: map[string]string{}, users: true, save: true,
			wantDir: true, wantGone: []string{StateFile, LedgerFile, owned.Marker}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "reports", "run-x")
			if tt.before != nil {
				require.NoError(t, os.MkdirAll(dir, 0o755))
				if !tt.users {
					_, err := owned.Claim(dir, 0o755)
					require.NoError(t, err)
				}
				for f, text := range tt.before {
					require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte(text), 0o644))
				}
			}
			c := Stake(dir)
			if tt.before == nil {
				assert.NoDirExists(t, dir, "staking creates nothing")
			}
			if tt.save {
				require.NoError(t, c.Save(st))
				require.FileExists(t, filepath.Join(dir, StateFile))
				require.NoError(t, os.WriteFile(filepath.Join(dir, LedgerFile), nil, 0o644))
			}
			if tt.keep != "" {
				require.NoError(t, os.MkdirAll(filepath.Join(dir, tt.keep), 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(dir, tt.keep, "salt-master-1.log"), []byte("evidence"), 0o644))
				c.Keep(tt.keep)
			}
			require.NoError(t, c.Withdraw())
			require.NoError(t, c.Withdraw(), "withdrawing twice is fine")
			if !tt.wantDir {
				assert.NoDirExists(t, dir)
				return
			}
			for _, f := range tt.wantKept {
				assert.FileExists(t, filepath.Join(dir, f))
			}
			for _, f := range tt.wantGone {
				assert.NoFileExists(t, filepath.Join(dir, f))
			}
		})
	}
}

// TestClaimRefusesAUsersFolder: a run folder that holds the user's files
// (no saltlab marker) is refused, and every file in it is still there
// after the claim is withdrawn.
func TestClaimRefusesAUsersFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "reports", "run-x")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "notes"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes", "plan.txt"), []byte("mine"), 0o644))
	c := Stake(dir)
	err := c.Save(State{RunID: "run-x"})
	require.Error(t, err)
	assert.ErrorContains(t, err, dir+" holds files saltlab did not put there (it carries no "+owned.Marker+")")
	require.NoError(t, c.Withdraw())
	b, err := os.ReadFile(filepath.Join(dir, "notes", "plan.txt"))
	require.NoError(t, err)
	assert.Equal(t, "mine", string(b))
	assert.NoFileExists(t, filepath.Join(dir, StateFile))
	assert.NoFileExists(t, filepath.Join(dir, owned.Marker))
}

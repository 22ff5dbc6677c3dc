package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/userfile"
)

// refuseBound is how long a command may take to refuse a file it will not
// read: its input checks only. A read of a fifo or of /dev/zero would
// never end, so the bound is what tells a refusal from a hang.
const refuseBound = 20 * time.Second

// notAFile is one kind of path where saltlab wants a regular file: make
// creates it at path, limit is the size limit of the file that is wanted
// (for the too-large kind), and says is what saltlab's refusal says.
type notAFile struct {
	name string
	make func(t *testing.T, path string, limit int64)
	says func(limit int64) string
}

var notFiles = []notAFile{
	{"fifo", func(t *testing.T, p string, _ int64) { require.NoError(t, syscall.Mkfifo(p, 0o644)) },
		func(int64) string {
			return "is a fifo (named pipe), not a regular file (a read of it would wait for a writer and never end): name a regular file"
		}},
	{"device", func(t *testing.T, p string, _ int64) { require.NoError(t, os.Symlink("/dev/zero", p)) },
		func(int64) string {
			return "is a character device, not a regular file (a read of a device such as /dev/zero"
		}},
	{"folder", func(t *testing.T, p string, _ int64) { require.NoError(t, os.Mkdir(p, 0o755)) },
		func(int64) string {
			return "is a folder where a file is wanted, not a regular file: name a regular file"
		}},
	{"too large", func(t *testing.T, p string, limit int64) {
		f, err := os.Create(p)
		require.NoError(t, err)
		require.NoError(t, f.Truncate(limit+1)) // sparse: no disk is used
		require.NoError(t, f.Close())
	}, func(limit int64) string {
		return fmt.Sprintf("is %d bytes, more than the %s saltlab reads from such a file", limit+1, userfile.Size(limit))
	}},
}

// TestFilesThatAreNotFiles: every file a user hands saltlab (a flag's
// file, a file in a run folder named, a feature file) that is a fifo, a
// device, a folder or too large is refused at once, exit 2, naming the
// path, what it is and the limit, and never read: none of these commands
// may hang.
func TestFilesThatAreNotFiles(t *testing.T) {
	t.Setenv("DOCKER_HOST", noDocker)
	t.Setenv(runstate.StateDirVar, t.TempDir())
	real := filepath.Join(compareData, "runs", "real-r2")
	summary, err := os.ReadFile(filepath.Join(real, report.SummaryFile))
	require.NoError(t, err)
	// runWith is a run folder of saltlab's whose file name is bad.
	runWith := func(t *testing.T, name string) (dir, bad string) {
		dir = filepath.Join(t.TempDir(), "run-1")
		_, err := owned.Claim(dir, 0o755)
		require.NoError(t, err)
		if name != report.SummaryFile {
			require.NoError(t, os.WriteFile(filepath.Join(dir, report.SummaryFile), summary, 0o644))
		}
		return dir, filepath.Join(dir, name)
	}
	// checked is a saved run (history and checks) whose file name is bad.
	checked := func(t *testing.T, name string) (dir, bad string) {
		dir = savedRun(t, "salt-master-2")
		require.NoError(t, os.Remove(filepath.Join(dir, name)))
		return dir, filepath.Join(dir, name)
	}
	tests := []struct {
		name  string
		limit int64
		// folders is false where a folder is a fine answer (a feature path)
		folders bool
		// args makes the command line and the bad path in it.
		args func(t *testing.T) (args []string, bad string)
	}{
		{"compare --explained", userfile.Text, true, func(t *testing.T) ([]string, string) {
			bad := filepath.Join(t.TempDir(), "explained.md")
			return []string{"compare", "--explained", bad, real, real}, bad
		}},
		{"compare a run's summary", userfile.Record, true, func(t *testing.T) ([]string, string) {
			dir, bad := runWith(t, report.SummaryFile)
			return []string{"compare", "--root", "../..", dir, real}, bad
		}},
		{"matrix --ledger", userfile.Text, true, func(t *testing.T) ([]string, string) {
			bad := filepath.Join(t.TempDir(), "release-matrix.json")
			return []string{"matrix", "--ledger", bad}, bad
		}},
		{"matrix a run's summary", userfile.Record, true, func(t *testing.T) ([]string, string) {
			dir, bad := runWith(t, report.SummaryFile)
			return []string{"matrix", dir}, bad
		}},
		{"report a run's summary", userfile.Record, true, func(t *testing.T) ([]string, string) {
			dir, bad := runWith(t, report.SummaryFile)
			return []string{"report", dir}, bad
		}},
		{"check a run's verdicts", userfile.Record, true, func(t *testing.T) ([]string, string) {
			dir, bad := checked(t, checker.FileName)
			return []string{"check", dir}, bad
		}},
		{"check a run's history", userfile.Record, true, func(t *testing.T) ([]string, string) {
			dir, bad := checked(t, history.FileName)
			return []string{"check", dir}, bad
		}},
		{"up --compose", userfile.Text, true, func(t *testing.T) ([]string, string) {
			bad := filepath.Join(t.TempDir(), "lab.yaml")
			return []string{"up", "--root", "../..", "--reports", t.TempDir(), "--compose", bad}, bad
		}},
		{"up --states' top file", userfile.Text, true, func(t *testing.T) ([]string, string) {
			states := t.TempDir()
			return []string{"up", "--root", "../..", "--reports", t.TempDir(), "--salt", "sim", "--states", states}, filepath.Join(states, "top.sls")
		}},
		{"run a feature file", userfile.Text, false, func(t *testing.T) ([]string, string) {
			bad := filepath.Join(t.TempDir(), "x.feature")
			return []string{"run", "--root", "../..", "--reports", t.TempDir(), "--salt", "sim", bad}, bad
		}},
	}
	for _, tc := range tests {
		for _, kind := range notFiles {
			if kind.name == "folder" && !tc.folders {
				continue
			}
			t.Run(tc.name+"/"+kind.name, func(t *testing.T) {
				args, bad := tc.args(t)
				kind.make(t, bad, tc.limit)
				var out, errOut bytes.Buffer
				done := make(chan int, 1)
				go func() { done <- Main(args, &out, &errOut) }()
				select {
				case code := <-done:
					assert.Equal(t, exitUsage, code, "stderr: %s", errOut.String())
				case <-time.After(refuseBound):
					t.Fatalf("%v did not return within %v: it reads %s", args, refuseBound, bad)
				}
				assert.Contains(t, errOut.String(), bad+" "+kind.says(tc.limit))
				assert.NotContains(t, errOut.String(), "docker daemon not reachable")
			})
		}
	}
}

// A drop-in of --master-config or --minion-config too large to be one is
// refused before any Docker work; a fifo or a device there is not copied
// (saltlab copies regular files only, as Salt reads them).
func TestDropInThatIsNotAFile(t *testing.T) {
	t.Setenv("DOCKER_HOST", noDocker)
	t.Setenv(runstate.StateDirVar, t.TempDir())
	for _, flag := range []string{"--master-config", "--minion-config"} {
		dir := t.TempDir()
		big := filepath.Join(dir, "big.conf")
		notFiles[3].make(t, big, userfile.Text)
		var out, errOut bytes.Buffer
		code := Main([]string{"up", "--root", "../..", "--reports", t.TempDir(), "--salt", "sim", flag, dir}, &out, &errOut)
		assert.Equal(t, exitUsage, code, errOut.String())
		assert.Contains(t, errOut.String(), "validate "+flag+": "+big+" is 16777217 bytes, more than the 16 MiB saltlab reads from such a file")
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/testenv"
)

// refused runs saltlab and wants exit 2 before any Docker work, with want
// in what it says.
func refused(t *testing.T, args []string, want ...string) {
	t.Helper()
	var out, errOut bytes.Buffer
	assert.Equal(t, exitUsage, Main(args, &out, &errOut), "%v: %s", args, errOut.String())
	for _, w := range want {
		assert.Contains(t, errOut.String(), w, "%v", args)
	}
	assert.NotContains(t, errOut.String(), "docker daemon not reachable", "refused before Docker")
}

// TestNothingOfTheUsersIsRemoved: a folder of the user's named where
// saltlab would make, replace or empty one of its own is refused, exit 2,
// before any Docker work, and every file in it is still there.
func TestNothingOfTheUsersIsRemoved(t *testing.T) {
	t.Setenv("DOCKER_HOST", noDocker)
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", "")
	reports := t.TempDir()

	t.Run("wheelhouse --dir a folder of the user's", func(t *testing.T) {
		mine := testenv.UsersFolder(t, t.TempDir())
		refused(t, []string{"wheelhouse", "--salt-version", "3008", "--dir", mine},
			"wheelhouse --dir: "+mine+" holds files saltlab did not put there (it carries no .saltlab-owned)", "name a new or empty folder")
		testenv.AssertUsersFolder(t, mine)
	})
	t.Run("wheelhouse --dir beside a folder of the user's", func(t *testing.T) {
		parent := t.TempDir()
		mine := testenv.UsersFolder(t, parent)
		require.NoError(t, os.Rename(mine, filepath.Join(parent, "wheels.partial")))
		refused(t, []string{"wheelhouse", "--dir", filepath.Join(parent, "wheels")}, filepath.Join(parent, "wheels.partial")+" holds files saltlab did not put there")
		testenv.AssertUsersFolder(t, filepath.Join(parent, "wheels.partial"))
		assert.NoDirExists(t, filepath.Join(parent, "wheels"))
	})
	t.Run("wheelhouse --dir a home folder", func(t *testing.T) {
		refused(t, []string{"wheelhouse", "--dir", home}, "wheelhouse --dir: "+home+" is a home folder", "name a folder of its own below it, e.g. "+filepath.Join(home, "saltlab"))
		refused(t, []string{"wheelhouse", "--dir", "/"}, "/ is the root folder /")
		refused(t, []string{"wheelhouse", "--dir", "/etc/salt-wheels"}, "is inside the system folder /etc")
	})
	t.Run("wheelhouse --dir a file", func(t *testing.T) {
		f := filepath.Join(t.TempDir(), "wheels")
		require.NoError(t, os.WriteFile(f, []byte("mine"), 0o644))
		refused(t, []string{"wheelhouse", "--dir", f}, f+" is a file, not a folder")
		assert.FileExists(t, f)
	})
	t.Run("SALTLAB_STATE_DIR a folder of the user's, down --all", func(t *testing.T) {
		mine := testenv.UsersFolder(t, t.TempDir())
		t.Setenv(runstate.StateDirVar, mine)
		refused(t, []string{"down", "--all"}, "SALTLAB_STATE_DIR="+mine+": "+mine+" holds files saltlab did not put there", "set SALTLAB_STATE_DIR to a folder of saltlab's own (a new or empty one)")
		testenv.AssertUsersFolder(t, mine)
		refused(t, []string{"down", "--run", "run-a"}, "holds files saltlab did not put there")
		testenv.AssertUsersFolder(t, mine)
	})
	t.Run("SALTLAB_STATE_DIR a folder of the user's, up and run", func(t *testing.T) {
		mine := testenv.UsersFolder(t, t.TempDir())
		t.Setenv(runstate.StateDirVar, mine)
		for _, cmd := range []string{"up", "run"} {
			refused(t, []string{cmd, "--root", "../..", "--reports", reports, "--salt", "sim"}, "SALTLAB_STATE_DIR="+mine+": "+mine+" holds files saltlab did not put there")
		}
		testenv.AssertUsersFolder(t, mine)
	})
	t.Run("the state folder a home folder", func(t *testing.T) {
		t.Setenv(runstate.StateDirVar, home)
		refused(t, []string{"down", "--all"}, "SALTLAB_STATE_DIR="+home+": "+home+" is a home folder")
		t.Setenv(runstate.StateDirVar, "")
		t.Setenv("XDG_STATE_HOME", "/etc")
		refused(t, []string{"down", "--all"}, "the private state dir /etc/saltlab (XDG_STATE_HOME): /etc/saltlab is inside the system folder /etc")
	})
	t.Run("--run-id naming a folder of the user's", func(t *testing.T) {
		t.Setenv(runstate.StateDirVar, t.TempDir())
		mine := testenv.UsersFolder(t, reports)
		require.NoError(t, os.Rename(mine, filepath.Join(reports, "my-run")))
		refused(t, []string{"up", "--root", "../..", "--reports", reports, "--run-id", "my-run"},
			"validate --run-id my-run: the run folder "+filepath.Join(reports, "my-run")+" holds files saltlab did not put there")
		testenv.AssertUsersFolder(t, filepath.Join(reports, "my-run"))
	})
	t.Run("--root a home folder: its .cache is every program's", func(t *testing.T) {
		refused(t, []string{"images", "--root", home, "--salt", "sim"}, "the cache folder of --root "+home+": "+filepath.Join(home, ".cache")+" is a folder every program of the user shares")
	})
}

// TestMatrixOutReplacesOnlyItsTable: --out replaces a table saltlab
// matrix wrote, never a file of the user's or what a symlink points at.
func TestMatrixOutReplacesOnlyItsTable(t *testing.T) {
	runs := fixtureRunDirs(t)
	dir := t.TempDir()
	mine := filepath.Join(dir, "README.md")
	require.NoError(t, os.WriteFile(mine, []byte("# My project\n"), 0o644))
	refused(t, append([]string{"matrix", "--out", mine}, runs...), "matrix: --out "+mine+" holds something saltlab matrix did not write", "name a new file, or remove this one yourself")
	b, err := os.ReadFile(mine)
	require.NoError(t, err)
	assert.Equal(t, "# My project\n", string(b))
	assert.NoFileExists(t, filepath.Join(dir, "README.json"), "no ledger was written either")

	link := filepath.Join(dir, "table.md")
	require.NoError(t, os.Symlink(mine, link))
	refused(t, append([]string{"matrix", "--out", link}, runs...), link+" is a symlink, and saltlab replaces only regular files it wrote")
	b, err = os.ReadFile(mine)
	require.NoError(t, err)
	assert.Equal(t, "# My project\n", string(b), "nothing was written through the link")

	folder := filepath.Join(dir, "out.md")
	require.NoError(t, os.Mkdir(folder, 0o755))
	refused(t, append([]string{"matrix", "--out", folder}, runs...), folder+" is a folder, and saltlab replaces only regular files it wrote")

	// Its own table, written once, it replaces.
	table := filepath.Join(dir, "matrix.md")
	var out, errOut bytes.Buffer
	require.Equal(t, exitOK, Main(append([]string{"matrix", "--out", table}, runs...), &out, &errOut), errOut.String())
	require.Equal(t, exitOK, Main(append([]string{"matrix", "--out", table}, runs...), &out, &errOut), errOut.String())
}

// TestReportsFlag: --reports that is a file, or lies below one, says so
// (not that a run is already there), exit 2 before any image is built or
// Docker is contacted, for every command that takes it.
func TestReportsFlag(t *testing.T) {
	t.Setenv("DOCKER_HOST", noDocker)
	t.Setenv(runstate.StateDirVar, t.TempDir())
	file := filepath.Join(t.TempDir(), "reports.txt")
	require.NoError(t, os.WriteFile(file, []byte("mine"), 0o644))
	below := filepath.Join(file, "reports")
	for _, args := range [][]string{
		{"run", "--root", "../..", "--salt", "sim", "--run-id", "into-a-file", "--reports"},
		{"up", "--root", "../..", "--reports"},
		{"status", "--reports"},
		{"logs", "--reports"},
		{"heal", "--reports"},
		{"chaos", "pause", "salt-master-1", "--reports"},
	} {
		refused(t, append(args, file), "validate --reports: "+file+" is a file, not a folder: name a folder (saltlab creates it when it is missing), not a file")
		refused(t, append(args, below), "validate --reports: "+below+" cannot be created: "+file+" is a file, not a folder")
		var out, errOut bytes.Buffer
		Main(append(args, file), &out, &errOut)
		assert.NotContains(t, errOut.String(), "already holds a run")
	}
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, "mine", string(b))
	refused(t, []string{"up", "--root", "../..", "--reports", "/"}, "validate --reports: / is the root folder /")

	// Not writable: refused before any image build. Root may write where
	// no mode forbids it, so this needs another user (internal/owned's
	// test covers a read-only file system for root).
	if os.Geteuid() != 0 {
		ro := t.TempDir()
		require.NoError(t, os.Chmod(ro, 0o555))
		t.Cleanup(func() { os.Chmod(ro, 0o755) })
		refused(t, []string{"run", "--root", "../..", "--salt", "sim", "--reports", ro}, "validate --reports: "+ro+" is not writable (permission denied)")
	}
}

// An empty state folder is fine for down (it goes on to Docker), and
// down marks nothing. (A marked state folder in which the user put a
// file: internal/run/ops's TestDownAllLeavesTheUsersFiles.)
func TestStateFolderIsClaimedOnlyWhenEmpty(t *testing.T) {
	t.Setenv("DOCKER_HOST", noDocker)
	empty := t.TempDir()
	t.Setenv(runstate.StateDirVar, empty)
	var out, errOut bytes.Buffer
	assert.Equal(t, exitFailed, Main([]string{"down", "--all"}, &out, &errOut), "an empty folder is fine: down goes on to Docker")
	assert.Contains(t, errOut.String(), "docker daemon not reachable")
	assert.NoFileExists(t, filepath.Join(empty, owned.Marker), "down marks nothing")
}

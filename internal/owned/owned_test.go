package owned

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/testenv"
)

// usersFolder is a real folder of the user's (testenv.UsersFolder).
func usersFolder(t *testing.T) string { return testenv.UsersFolder(t, t.TempDir()) }

func assertWhole(t *testing.T, dir string) {
	t.Helper()
	testenv.AssertUsersFolder(t, dir)
	assert.NoFileExists(t, filepath.Join(dir, Marker), "saltlab marked no folder of the user's")
}

func TestClaim(t *testing.T) {
	base := t.TempDir()
	made := filepath.Join(base, "a", "new")
	fresh, err := Claim(made, 0o700)
	require.NoError(t, err)
	assert.True(t, fresh, "a folder made now is all the claim's")
	assert.True(t, Is(made))
	fi, err := os.Stat(made)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
	fresh, err = Claim(made, 0o700)
	require.NoError(t, err)
	assert.False(t, fresh, "claimed again: it was saltlab's already")

	empty := filepath.Join(base, "empty")
	require.NoError(t, os.Mkdir(empty, 0o755))
	fresh, err = Claim(empty, 0o755)
	require.NoError(t, err)
	assert.True(t, fresh, "an empty folder is taken and marked")

	mine := usersFolder(t)
	_, err = Claim(mine, 0o755)
	require.Error(t, err)
	assert.True(t, IsRefusal(err))
	assert.EqualError(t, err, mine+" holds files saltlab did not put there (it carries no .saltlab-owned), and saltlab empties, replaces or removes only folders it made: name a new or empty folder")
	assert.Equal(t, err, Claimable(mine), "Claimable says what Claim would")
	assertWhole(t, mine)

	file := filepath.Join(base, "file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	assert.ErrorContains(t, Claimable(file), file+" is a file, not a folder: name a folder")
	link := filepath.Join(base, "link")
	require.NoError(t, os.Symlink(empty, link))
	assert.ErrorContains(t, Claimable(link), link+" is a symlink")

	// A marker that is a symlink is no marker.
	fake := filepath.Join(base, "fake")
	require.NoError(t, os.Mkdir(fake, 0o755))
	require.NoError(t, os.Symlink(filepath.Join(made, Marker), filepath.Join(fake, Marker)))
	assert.False(t, Is(fake))
}

func TestRemoveOnlyWhatSaltlabMade(t *testing.T) {
	mine := usersFolder(t)
	err := RemoveAll(mine)
	assert.True(t, IsRefusal(err))
	assert.ErrorContains(t, err, "saltlab left it as it is; remove it yourself if it is no longer needed")
	assertWhole(t, mine)

	emptyOfUsers := t.TempDir()
	assert.True(t, IsRefusal(RemoveAll(emptyOfUsers)), "an empty folder without the marker is not saltlab's either")
	assert.DirExists(t, emptyOfUsers)

	// A symlink to a folder of saltlab's is not removed through.
	ours := filepath.Join(t.TempDir(), "ours")
	_, err = Claim(ours, 0o755)
	require.NoError(t, err)
	link := filepath.Join(t.TempDir(), "link")
	require.NoError(t, os.Symlink(ours, link))
	assert.True(t, IsRefusal(RemoveAll(link)))
	assert.DirExists(t, ours)

	require.NoError(t, os.WriteFile(filepath.Join(ours, "x"), []byte("x"), 0o644))
	require.NoError(t, RemoveAll(ours))
	assert.NoDirExists(t, ours)
	require.NoError(t, RemoveAll(ours), "already gone is fine")

	assert.True(t, IsRefusal(RemoveIn(mine, "notes.txt")))
	assertWhole(t, mine)
}

func TestRemoveIfEmpty(t *testing.T) {
	ours := filepath.Join(t.TempDir(), "ours")
	_, err := Claim(ours, 0o755)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(ours, "x"), nil, 0o644))
	require.NoError(t, RemoveIfEmpty(ours))
	assert.DirExists(t, ours, "it holds more than its marker")
	require.NoError(t, os.Remove(filepath.Join(ours, "x")))
	require.NoError(t, RemoveIfEmpty(ours))
	assert.NoDirExists(t, ours)

	mine := t.TempDir()
	require.NoError(t, RemoveIfEmpty(mine))
	assert.DirExists(t, mine, "not saltlab's: left")
}

func TestReplace(t *testing.T) {
	base := t.TempDir()
	work := filepath.Join(base, "dir.partial")
	_, err := Claim(work, 0o755)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(work, "a.whl"), []byte("new"), 0o644))

	mine := usersFolder(t)
	assert.True(t, IsRefusal(Replace(work, mine)))
	assertWhole(t, mine)

	emptyOfUsers := filepath.Join(base, "empty")
	require.NoError(t, os.Mkdir(emptyOfUsers, 0o755))
	require.NoError(t, Replace(work, emptyOfUsers), "an empty folder is replaced (wheelhouse --dir $(mktemp -d))")
	assert.FileExists(t, filepath.Join(emptyOfUsers, "a.whl"))
	work = filepath.Join(base, "dir.partial")
	_, err = Claim(work, 0o755)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(work, "a.whl"), []byte("new"), 0o644))

	dir := filepath.Join(base, "dir")
	require.NoError(t, Replace(work, dir), "a missing folder is replaced")
	assert.FileExists(t, filepath.Join(dir, "a.whl"))
	assert.True(t, Is(dir), "the marker came along")

	again := filepath.Join(base, "again")
	_, err = Claim(again, 0o755)
	require.NoError(t, err)
	require.NoError(t, Replace(again, dir), "saltlab's own folder is replaced")
	assert.NoFileExists(t, filepath.Join(dir, "a.whl"))

	assert.True(t, IsRefusal(Replace(mine, filepath.Join(base, "x"))), "only a folder of saltlab's is moved")
	assertWhole(t, mine)
}

// Output files replace regular files only: never a symlink's target, a
// device, a fifo or a folder, whether written whole or streamed.
func TestOutputFiles(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(t.TempDir(), "precious")
	require.NoError(t, os.WriteFile(target, []byte("the user's"), 0o644))
	link := filepath.Join(dir, "report.html")
	require.NoError(t, os.Symlink(target, link))
	fifo := filepath.Join(dir, "history.jsonl")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	folder := filepath.Join(dir, "junit.xml")
	require.NoError(t, os.Mkdir(folder, 0o755))
	dev := filepath.Join(dir, "zero")
	require.NoError(t, os.Symlink("/dev/null", dev))

	for _, p := range []string{link, fifo, folder, dev} {
		assert.True(t, IsRefusal(WriteFile(p, []byte("x"), 0o644)), "WriteFile %s", p)
		_, err := Create(p, 0o644)
		assert.True(t, IsRefusal(err), "Create %s: %v", p, err)
		_, err = Append(p, 0o644)
		assert.True(t, IsRefusal(err), "Append %s: %v", p, err)
	}
	b, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "the user's", string(b), "no write went through the link")
	assert.ErrorContains(t, WriteFile(link, nil, 0o644), link+" is a symlink, and saltlab replaces only regular files it wrote, never a link's target")

	plain := filepath.Join(dir, "summary.json")
	require.NoError(t, WriteFile(plain, []byte("one"), 0o600))
	require.NoError(t, WriteFile(plain, []byte("two"), 0o600))
	b, err = os.ReadFile(plain)
	require.NoError(t, err)
	assert.Equal(t, "two", string(b))
	fi, err := os.Stat(plain)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	f, err := Create(plain, 0o644)
	require.NoError(t, err)
	_, err = f.WriteString("3")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	f, err = Append(plain, 0o644)
	require.NoError(t, err)
	_, err = f.WriteString("4")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	b, err = os.ReadFile(plain)
	require.NoError(t, err)
	assert.Equal(t, "34", string(b), "Create truncates, Append adds")

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.NotContains(t, e.Name(), ".tmp-", "no temporary file is left")
	}
}

func TestRoot(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, ".local", "state"))
	link := filepath.Join(t.TempDir(), "to-etc")
	require.NoError(t, os.Symlink("/etc", link))
	refused := map[string]string{
		"/":                                    "is the root folder /",
		home:                                   "is a home folder",
		"/root":                                "is a home folder",
		"/home/someone":                        "is a home folder",
		filepath.Join(home, ".cache"):          "is a folder every program of the user shares",
		filepath.Join(home, ".local", "state"): "is a folder every program of the user shares",
		"/etc":                                 "is the system folder /etc",
		"/usr/lib/saltlab":                     "is inside the system folder /usr",
		"/var/lib/docker/volumes":              "is inside the system folder /var/lib/docker",
		"/tmp":                                 "is /tmp, which holds everybody's folders",
		"/var":                                 "is /var, which holds everybody's folders",
		link:                                   "resolves to /etc, which is the system folder /etc",
		filepath.Join(link, "saltlab"):         "resolves to /etc/saltlab, which is inside the system folder /etc",
	}
	for p, why := range refused {
		_, err := Root(p)
		if assert.Error(t, err, p) {
			assert.True(t, IsRefusal(err))
			assert.ErrorContains(t, err, p+" "+why)
			assert.ErrorContains(t, err, "name a folder of its own below it")
		}
	}
	for _, p := range []string{filepath.Join(home, "reports"), filepath.Join(home, ".local", "state", "saltlab"), "/tmp/x/reports", "/var/lib/jenkins/workspace/reports", "/usr/local/src/saltlab/.cache", "/srv/ci/reports"} {
		got, err := Root(p)
		if assert.NoError(t, err, p) {
			assert.True(t, filepath.IsAbs(got))
		}
	}
	rel, err := Root("reports")
	require.NoError(t, err)
	assert.True(t, filepath.IsAbs(rel))
}

func TestWritable(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, Writable(dir))
	require.NoError(t, Writable(filepath.Join(dir, "new", "reports")), "created below a folder this user may write")
	file := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	assert.EqualError(t, Writable(file), file+" is a file, not a folder: name a folder (saltlab creates it when it is missing), not a file")
	assert.EqualError(t, Writable(filepath.Join(file, "reports")), filepath.Join(file, "reports")+" cannot be created: "+file+" is a file, not a folder: name a folder outside it")
	assert.Equal(t, Folder(file), Writable(file))
	require.NoError(t, Folder(filepath.Join(dir, "missing")))

	// A read-only file system refuses even root, whom no mode stops; the
	// kernel says so through access(2), stood in for here.
	ro := filepath.Join(dir, "ro")
	require.NoError(t, os.Mkdir(ro, 0o755))
	t.Cleanup(func() { access = syscall.Access })
	access = func(p string, mode uint32) error {
		if p == ro {
			return syscall.EROFS
		}
		return syscall.Access(p, mode)
	}
	assert.EqualError(t, Writable(ro), ro+" is not writable (read-only file system): name a folder you may write, or make this one writable")
	assert.EqualError(t, Writable(filepath.Join(ro, "reports")), filepath.Join(ro, "reports")+" cannot be created: "+ro+" is not writable (read-only file system): name a folder you may write")
}

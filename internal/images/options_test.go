package images

import (
	"archive/tar"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/network"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/salt/saltopts"
	"github.com/saltlab/saltlab/internal/testenv"
)

// copier is the fake daemon plus containers of its images: files maps an
// image to the files it holds.
type copier struct {
	*fakeDocker
	files      map[string]map[string][]byte // image -> path -> content
	containers map[string]string            // id -> image
	created    []container.Config
	hosts      []container.HostConfig
	removed    []string
}

func (c *copier) ContainerCreate(_ context.Context, cfg *container.Config, hc *container.HostConfig, _ *network.NetworkingConfig, _ *ocispec.Platform, _ string) (container.CreateResponse, error) {
	if _, ok := c.files[cfg.Image]; !ok {
		return container.CreateResponse{}, fmt.Errorf("no such image: %s: %w", cfg.Image, cerrdefs.ErrNotFound)
	}
	id := fmt.Sprintf("c%d", len(c.created))
	c.containers[id] = cfg.Image
	c.created = append(c.created, *cfg)
	c.hosts = append(c.hosts, *hc)
	return container.CreateResponse{ID: id}, nil
}

func (c *copier) CopyFromContainer(_ context.Context, id, path string) (io.ReadCloser, container.PathStat, error) {
	data, ok := c.files[c.containers[id]][path]
	if !ok {
		return nil, container.PathStat{}, fmt.Errorf("Could not find the file %s in container %s: %w", path, id, cerrdefs.ErrNotFound)
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	if err := tw.WriteHeader(&tar.Header{Name: filepath.Base(path), Mode: 0o644, Size: int64(len(data)), Typeflag: tar.TypeReg}); err != nil {
		return nil, container.PathStat{}, err
	}
	if _, err := tw.Write(data); err != nil {
		return nil, container.PathStat{}, err
	}
	if err := tw.Close(); err != nil {
		return nil, container.PathStat{}, err
	}
	return io.NopCloser(&buf), container.PathStat{Name: filepath.Base(path)}, nil
}

func (c *copier) ContainerRemove(_ context.Context, id string, _ container.RemoveOptions) error {
	c.removed = append(c.removed, id)
	return nil
}

func newCopier(t *testing.T, files map[string]map[string][]byte) (*Builder, *copier) {
	t.Helper()
	c := &copier{fakeDocker: newFakeDocker(), files: files, containers: map[string]string{}}
	return NewBuilder(c, t.TempDir(), io.Discard), c
}

func TestSaltOptions(t *testing.T) {
	capture, err := os.ReadFile(filepath.Join("..", "salt", "saltopts", "testdata", "real", "3008.4.json"))
	require.NoError(t, err)
	b, c := newCopier(t, map[string]map[string][]byte{
		"saltlab/salt-real:3008.4": {saltopts.ImagePath: capture},
		"saltlab/salt-real:old":    {},
		"saltlab/salt-real:broken": {saltopts.ImagePath: []byte("{not json")},
	})
	l, err := b.SaltOptions(context.Background(), "saltlab/salt-real:3008.4")
	require.NoError(t, err)
	assert.Equal(t, "Salt 3008.4", l.Who())
	assert.True(t, l.Known(saltopts.Minion, "master_alive_interval"))
	require.Len(t, c.created, 1)
	assert.Equal(t, "none", string(c.hosts[0].NetworkMode), "the container never has a network")
	assert.Equal(t, "true", c.created[0].Labels[labels.Managed], "swept by down --all if left behind")
	assert.Equal(t, []string{"c0"}, c.removed)

	_, err = b.SaltOptions(context.Background(), "saltlab/salt-real:old")
	require.ErrorIs(t, err, ErrNoOptionList)
	assert.Contains(t, err.Error(), "read Salt option list of saltlab/salt-real:old")
	assert.Equal(t, []string{"c0", "c1"}, c.removed, "removed when the file is missing too")

	_, err = b.SaltOptions(context.Background(), "saltlab/salt-real:broken")
	require.Error(t, err)
	assert.NotErrorIs(t, err, ErrNoOptionList)
	assert.Contains(t, err.Error(), "parse Salt option list")

	_, err = b.SaltOptions(context.Background(), "saltlab/salt-real:gone")
	require.Error(t, err)
	assert.NotErrorIs(t, err, ErrNoOptionList, "a missing image is not a missing list")
	assert.Contains(t, err.Error(), "create a container of saltlab/salt-real:gone")
}

// A list read from an image is kept by the image's ID and read from the
// cache after, with no container; a kept file that does not parse is
// read from the image again and replaced; an image whose ID is not a
// sha256 digest is never cached.
func TestSaltOptionsAreKeptByImageID(t *testing.T) {
	capture, err := os.ReadFile(filepath.Join("..", "salt", "saltopts", "testdata", "real", "3008.4.json"))
	require.NoError(t, err)
	digest := strings.Repeat("ab", 32) // the fake's image ID is sha256:<ref>
	b, c := newCopier(t, map[string]map[string][]byte{
		digest:                  {saltopts.ImagePath: capture},
		"saltlab/salt-real:tag": {saltopts.ImagePath: capture},
	})
	c.images[digest] = map[string]string{}
	c.images["saltlab/salt-real:tag"] = map[string]string{}
	kept := filepath.Join(b.root, ".cache", "salt-options", digest+".json")

	read := func(ref string, containers int) {
		t.Helper()
		l, err := b.SaltOptions(context.Background(), ref)
		require.NoError(t, err)
		assert.Equal(t, "Salt 3008.4", l.Who())
		assert.Len(t, c.created, containers, "containers created so far")
	}
	read(digest, 1)
	got, err := os.ReadFile(kept)
	require.NoError(t, err)
	assert.Equal(t, capture, got, "kept as read")
	read(digest, 1) // from the cache

	require.NoError(t, os.WriteFile(kept, []byte("{half"), 0o600))
	read(digest, 2)
	got, err = os.ReadFile(kept)
	require.NoError(t, err)
	assert.Equal(t, capture, got, "replaced")

	read("saltlab/salt-real:tag", 3)
	read("saltlab/salt-real:tag", 4)
	entries, err := os.ReadDir(filepath.Dir(kept))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "only the digest's list, no temporary file left")
}

// Both recipes write the list where SaltOptions reads it: the real build
// runs salt-options.py (part of the recipe, so a change rebuilds), the
// double's build runs `saltsim --salt-options`.
func TestRecipesWriteTheOptionList(t *testing.T) {
	b, docker, _, _ := newTestBuilder(t, nil)
	r, err := b.realRecipe()
	require.NoError(t, err)
	assert.Contains(t, string(r.script), "options="+saltopts.ImagePath)
	assert.Contains(t, string(r.script), `"$here/salt-options.py"`)
	assert.Contains(t, string(r.options), "DEFAULT_MASTER_OPTS")
	require.NoError(t, os.WriteFile(b.path(realDir+"/"+realOptionsScript), []byte("print('changed')\n"), 0o644))
	changed, err := b.realRecipe()
	require.NoError(t, err)
	assert.NotEqual(t, r.hash, changed.hash, "a changed option script rebuilds the image")

	docker.images[BaseRef] = map[string]string{labels.PackagesHash: currentHash(t, b)}
	b.simPackage = "./testdata/standin"
	_, err = b.BuildSim(context.Background())
	require.NoError(t, err)
	df := docker.builds[len(docker.builds)-1].files["Dockerfile"]
	assert.Contains(t, strings.Join(strings.Fields(df), " "), "saltsim --salt-options > "+saltopts.ImagePath)
}

// StandinSalt is testdata/standin-salt plus salt/version.py of version, as
// path below site-packages -> content: a package named salt with what
// salt-options.py reads. The Docker tests install it into stand-in images.
func StandinSalt(t testing.TB, version string) map[string]string {
	t.Helper()
	root := filepath.Join("testdata", "standin-salt")
	out := map[string]string{"salt/version.py": "__version__ = " + strconv.Quote(version) + "\n"}
	require.NoError(t, filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(root, path)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	}))
	return out
}

// StandinList is the list salt-options.py makes of StandinSalt.
func StandinList(version string) saltopts.List {
	return saltopts.List{SaltVersion: version, Master: []string{"interface", "timeout"}, API: []string{"rest_timeout"},
		NetAPI: []string{"rest_cherrypy"}, Minion: []string{"master", "master_alive_interval"}, Valid: []string{"master"},
		Read: []string{"syndic_mode"}}
}

// The build's option list script, run by the host's python3 over the
// stand-in package: the Docker-free half of what the image build does.
func TestOptionsScriptOnStandin(t *testing.T) {
	py := testenv.Tool(t, "python3", "python3")
	site := t.TempDir()
	for rel, body := range StandinSalt(t, "3008.77") {
		p := filepath.Join(site, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	}
	cmd := exec.Command(py, filepath.Join("..", "..", realDir, realOptionsScript))
	cmd.Env = []string{"PYTHONPATH=" + site, "PYTHONDONTWRITEBYTECODE=1", "PATH=" + os.Getenv("PATH")}
	out, err := cmd.Output()
	require.NoError(t, err, "%s", out)
	l, err := saltopts.Parse(out)
	require.NoError(t, err, "%s", out)
	assert.Equal(t, StandinList("3008.77"), l)
}

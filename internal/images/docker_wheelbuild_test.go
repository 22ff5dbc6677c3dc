//go:build docker

package images_test

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/testenv"
)

// TestDockerCompileLegacySdist compiles, in the wheel builder with no
// network, a source archive that has a setup.py and no pyproject.toml, as
// contextvars 2.4 (a dependency of Salt 3006 and 3007) has. Bookworm's pip
// took its legacy route there and failed ("invalid command 'bdist_wheel'")
// until the builder asked for PEP 517 builds. The build dependencies come
// from the host's pip, as in a real wheelhouse; without an index it skips.
func TestDockerCompileLegacySdist(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	deps := t.TempDir()
	dl := exec.CommandContext(ctx, "python3", "-m", "pip", "download", "--only-binary", ":all:", "--dest", deps, "setuptools>=40.8.0", "wheel")
	if out, err := dl.CombinedOutput(); err != nil {
		testenv.NeedRealSalt(t, fmt.Sprintf("the host's pip could not fetch setuptools and wheel (%v): %s", err, out))
	}
	src := t.TempDir()
	writeLegacySdist(t, filepath.Join(src, "legacy-0.1.tar.gz"))
	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	defer cli.Close()
	root, err := images.FindRepoRoot(".")
	require.NoError(t, err)
	out := t.TempDir()
	b := images.NewBuilder(cli, root, &lineLog{t: t})
	require.NoError(t, b.CompileWheels(ctx, src, deps, out))
	wheels, err := filepath.Glob(filepath.Join(out, "legacy-0.1-*.whl"))
	require.NoError(t, err)
	assert.Len(t, wheels, 1, "one wheel of the setup.py-only archive")
}

// writeLegacySdist writes a source archive with only PKG-INFO and setup.py.
func writeLegacySdist(t *testing.T, path string) {
	t.Helper()
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	for name, body := range map[string]string{
		"legacy-0.1/PKG-INFO":  "Metadata-Version: 1.1\nName: legacy\nVersion: 0.1\n",
		"legacy-0.1/setup.py":  "from setuptools import setup\nsetup(name='legacy', version='0.1', py_modules=['legacy'])\n",
		"legacy-0.1/legacy.py": "VALUE = 1\n",
	} {
		require.NoError(t, tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body))}))
		_, err := tw.Write([]byte(body))
		require.NoError(t, err)
	}
	require.NoError(t, tw.Close())
	require.NoError(t, gz.Close())
}

//go:build docker

package images_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/docker/docker/api/types/image"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/dockerx"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/labels"
)

// TestDockerBuildRealFromDebs runs images/salt-real/Dockerfile's offline
// path with stand-in .deb files (real Salt packages are not in the repo).
// The stand-in image is removed afterwards so auto never reuses it.
func TestDockerBuildRealFromDebs(t *testing.T) {
	if _, err := exec.LookPath("dpkg-deb"); err != nil {
		t.Skip("dpkg-deb not available")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cli, err := dockerx.New(ctx)
	require.NoError(t, err)
	defer cli.Close()
	if _, err := cli.ImageInspect(ctx, images.RealRef); err == nil {
		t.Skip(images.RealRef + " exists; not overwriting it with a stand-in")
	}
	repo, err := images.FindRepoRoot(".")
	require.NoError(t, err)

	// A throw-away repository root: the real package list (so the base is
	// up to date) and Dockerfile, plus stand-in debs.
	root := t.TempDir()
	for _, rel := range []string{"images/base/packages.txt", "images/base/Dockerfile", "images/salt-real/Dockerfile"} {
		copyFile(t, filepath.Join(repo, rel), filepath.Join(root, rel))
	}
	debs := filepath.Join(root, "images/salt-real/debs")
	require.NoError(t, os.MkdirAll(debs, 0o755))
	for _, name := range []string{"salt-common", "salt-master"} {
		buildStandinDeb(t, name, debs)
	}

	log := &lineLog{t: t}
	b := images.NewBuilder(cli, root, log, images.WithGetenv(func(string) string { return "" }))
	ref, err := b.BuildReal(ctx)
	t.Cleanup(func() {
		_, _ = cli.ImageRemove(context.Background(), images.RealRef, image.RemoveOptions{Force: true, PruneChildren: true})
	})
	require.NoError(t, err)
	assert.Equal(t, images.RealRef, ref)
	assertLabels(ctx, t, cli, images.RealRef, map[string]string{labels.Flavor: "real", labels.Managed: "true"})
	out, code := runInImage(ctx, t, cli, images.RealRef, "salt-call --version && test -d /etc/salt/master.d && test ! -e /tmp/salt-debs")
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "3006.")
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(dst), 0o755))
	require.NoError(t, os.WriteFile(dst, b, 0o644))
}

// buildStandinDeb makes a minimal package; salt-common carries a salt-call
// that reports a 3006 version, which the Dockerfile checks.
func buildStandinDeb(t *testing.T, name, outDir string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "DEBIAN"), 0o755))
	control := fmt.Sprintf("Package: %s\nVersion: 3006.99\nArchitecture: all\nMaintainer: saltlab test <test@example.invalid>\nDescription: saltlab stand-in\n", name)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "DEBIAN/control"), []byte(control), 0o644))
	if name == "salt-common" {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "usr/bin"), 0o755))
		script := "#!/bin/sh\necho 'salt-call 3006.99 (Sulfur)'\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, "usr/bin/salt-call"), []byte(script), 0o755))
	}
	out, err := exec.Command("dpkg-deb", "--build", "--root-owner-group", dir, filepath.Join(outDir, name+"_3006.99_all.deb")).CombinedOutput()
	require.NoError(t, err, string(out))
}

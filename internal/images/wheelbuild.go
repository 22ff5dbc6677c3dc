package images

import (
	"archive/tar"
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/docker/docker/api/types/build"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/api/types/network"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"

	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/owned"
)

const (
	// WheelBuilderRef compiles the wheels the package index lacks for the
	// image: the base's packages plus a C compiler and Python's headers.
	WheelBuilderRef      = "saltlab/wheel-builder:bookworm"
	wheelBuilderPackages = "images/wheel-builder/packages.txt"
	// wheelBuildTimeout bounds one compile build; timelib takes seconds.
	wheelBuildTimeout = 20 * time.Minute
	// copyOutTimeout bounds copying the wheels out and removing the
	// scratch container and image.
	copyOutTimeout = 2 * time.Minute
)

// containerCopier is what compiling needs beyond building images: a
// container of the finished build to copy the wheels out of.
type containerCopier interface {
	ContainerCreate(ctx context.Context, config *container.Config, hostConfig *container.HostConfig, networkingConfig *network.NetworkingConfig, platform *ocispec.Platform, containerName string) (container.CreateResponse, error)
	CopyFromContainer(ctx context.Context, containerID, srcPath string) (io.ReadCloser, container.PathStat, error)
	ContainerRemove(ctx context.Context, containerID string, options container.RemoveOptions) error
}

// EnsureWheelBuilder makes sure WheelBuilderRef exists with the current
// package lists, building it with debootstrap from the host's Debian
// mirror (the only way to get a compiler into an image without a registry).
func (b *Builder) EnsureWheelBuilder(ctx context.Context) error {
	if ok, err := b.joinAhead(aheadBuilder); ok {
		return err
	}
	return b.ensureWheelBuilder(ctx)
}

// ensureWheelBuilder is EnsureWheelBuilder's work, which may also run
// ahead of need.
func (b *Builder) ensureWheelBuilder(ctx context.Context) error {
	return b.ensureListed(ctx, "wheel builder", WheelBuilderRef, packagesFile, wheelBuilderPackages)
}

// wheelBuildScript runs in the builder with no network: a fresh venv's
// pip builds each source archive with build dependencies from deps/ only.
// --use-pep517 makes pip build an archive without pyproject.toml
// (contextvars 2.4, a 3006 and 3007 dependency) in an isolated environment
// from deps/ too: bookworm's pip would otherwise run its setup.py
// bdist_wheel in the venv, which has no wheel package.
const wheelBuildScript = `set -eu
python3 -m venv /v
for s in /w/src/*; do
  echo "saltlab: compiling $(basename "$s")"
  /v/bin/pip wheel --no-input --disable-pip-version-check --use-pep517 --no-index --find-links /w/deps --no-deps --wheel-dir /w/out "$s"
done
`

// CompileWheels builds a wheel of every source archive in src inside the
// wheel builder, offline, and copies the wheels into out. It implements
// saltdist.Compiler.
func (b *Builder) CompileWheels(ctx context.Context, src, deps, out string) (err error) {
	cc, ok := b.docker.(containerCopier)
	if !ok {
		return errors.New("compile wheels: this Docker client cannot create containers")
	}
	if host := saltdist.ImageTarget(runtime.GOARCH); host.Arch != b.target.Arch {
		return fmt.Errorf("compile wheels for %s on a %s engine: the builder runs on this host's architecture; make this wheelhouse on a %s host", b.target.Arch, host.Arch, b.target.Arch)
	}
	if err := b.EnsureWheelBuilder(ctx); err != nil {
		return err
	}
	files := []contextFile{
		{Name: "Dockerfile", Data: []byte("FROM " + WheelBuilderRef + "\nCOPY . /w\nRUN bash /w/build.sh\n")},
		{Name: "build.sh", Data: []byte(wheelBuildScript)},
	}
	for _, d := range []struct{ dir, prefix string }{{src, "src/"}, {deps, "deps/"}} {
		fs, err := dirFiles(d.dir, d.prefix)
		if err != nil {
			return err
		}
		files = append(files, fs...)
	}
	ref := fmt.Sprintf("saltlab/wheel-build:%d", time.Now().UnixNano())
	done := b.phase("compile " + strings.Join(names(files, "src/"), ", ") + " in " + WheelBuilderRef + " (no network)")
	defer done(&err)
	bctx, cancel := context.WithTimeout(ctx, wheelBuildTimeout)
	defer cancel()
	lbls := map[string]string{labels.Managed: "true"}
	outText, berr := b.captureBuild(bctx, ref, files, build.ImageBuildOptions{Labels: lbls, NetworkMode: "none", Remove: true, ForceRemove: true})
	// The scratch image goes on every path, on a context the caller's
	// cancellation cannot cut short.
	cleanup, cancelCleanup := context.WithTimeout(context.WithoutCancel(ctx), copyOutTimeout)
	defer cancelCleanup()
	defer b.docker.ImageRemove(cleanup, ref, image.RemoveOptions{Force: true, PruneChildren: true}) //nolint:errcheck // best effort: labelled, swept by down --all
	if berr != nil {
		return fmt.Errorf("build in %s: %w\n%s", WheelBuilderRef, berr, tail(outText, 15))
	}
	return b.copyWheelsOut(cleanup, cc, ref, out)
}

// copyWheelsOut copies /w/out/*.whl of image ref into dir.
func (b *Builder) copyWheelsOut(ctx context.Context, cc containerCopier, ref, dir string) error {
	err := copyOut(ctx, cc, ref, "/w/out", func(r io.Reader) error {
		n, err := untarWheels(r, dir)
		if err == nil && n == 0 {
			err = errors.New("the build wrote no wheel")
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("copy wheels out: %w", err)
	}
	return nil
}

// copyOut reads path out of image ref: a container of it is created (never
// started, no network), path streamed out as a tar to read, and the
// container removed.
func copyOut(ctx context.Context, cc containerCopier, ref, path string, read func(io.Reader) error) error {
	c, err := cc.ContainerCreate(ctx, &container.Config{Image: ref, Cmd: []string{"true"}, Labels: map[string]string{labels.Managed: "true"}},
		&container.HostConfig{NetworkMode: "none"}, nil, nil, "")
	if err != nil {
		return fmt.Errorf("create a container of %s: %w", ref, err)
	}
	defer cc.ContainerRemove(context.WithoutCancel(ctx), c.ID, container.RemoveOptions{Force: true}) //nolint:errcheck // labelled, swept by down --all
	rc, _, err := cc.CopyFromContainer(ctx, c.ID, path)
	if err != nil {
		return &copyError{path: path, err: err}
	}
	defer rc.Close()
	return read(rc)
}

// copyError is the engine's answer to copying a path out: NotFound when
// the image has no such path.
type copyError struct {
	path string
	err  error
}

func (e *copyError) Error() string { return fmt.Sprintf("copy %s: %v", e.path, e.err) }
func (e *copyError) Unwrap() error { return e.err }

// untarWheels writes the .whl regular files of a tar stream into dir, by
// base name only (no path from the stream is trusted).
func untarWheels(r io.Reader, dir string) (int, error) {
	tr := tar.NewReader(r)
	n := 0
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, fmt.Errorf("read tar: %w", err)
		}
		name := path.Base(h.Name)
		if h.Typeflag != tar.TypeReg || !strings.HasSuffix(name, ".whl") || strings.HasPrefix(name, ".") {
			continue
		}
		f, err := owned.Create(filepath.Join(dir, name), 0o644)
		if err != nil {
			return n, fmt.Errorf("write %s: %w", name, err)
		}
		_, err = io.Copy(f, io.LimitReader(tr, 512<<20))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return n, fmt.Errorf("write %s: %w", name, err)
		}
		n++
	}
}

// names lists the base names of files under prefix.
func names(files []contextFile, prefix string) []string {
	var out []string
	for _, f := range files {
		if strings.HasPrefix(f.Name, prefix) {
			out = append(out, strings.TrimPrefix(f.Name, prefix))
		}
	}
	return out
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

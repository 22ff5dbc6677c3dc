package images

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/docker/docker/api/types/build"

	"github.com/saltlab/saltlab/internal/labels"
)

// simDockerfile is the simulator's Dockerfile, relative to the repository root.
const simDockerfile = "images/salt-sim/Dockerfile"

// flavorLabels are the labels of a Salt image of the given flavour.
func flavorLabels(flavor string) map[string]string {
	return map[string]string{labels.Flavor: flavor, labels.Managed: "true"}
}

// BuildSim builds the simulator image: the simulator binary, built on the
// host, copied onto the base under every Salt command name. The build has no
// network. The image is tagged with a digest of its inputs (see digestRef) and
// also as SimRef for use by hand; the digest tag is returned, so a run keeps
// the image it built even when another checkout builds a different
// simulator on the same engine at the same time.
func (b *Builder) BuildSim(ctx context.Context) (ref string, err error) {
	if _, err := b.EnsureBase(ctx); err != nil {
		return "", err
	}
	dockerfile, err := os.ReadFile(b.path(simDockerfile))
	if err != nil {
		return "", fmt.Errorf("read simulator Dockerfile: %w", err)
	}
	tmp, err := os.MkdirTemp("", "saltlab-sim-")
	if err != nil {
		return "", fmt.Errorf("create build dir: %w", err)
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "saltsim")
	if err := b.goBuild(ctx, b.simPackage, bin); err != nil {
		return "", err
	}
	ref, err = digestRef(simRepo, dockerfile, bin)
	if err != nil {
		return "", err
	}
	done := b.phase("build " + ref)
	defer done(&err)
	files := simContext(dockerfile, bin)
	opts := build.ImageBuildOptions{Labels: flavorLabels("sim"), NetworkMode: "none", Tags: []string{SimRef}}
	if err := b.buildImage(ctx, ref, contextTar(files), opts); err != nil {
		return "", err
	}
	return ref, nil
}

// digestRef names an image of repo after a digest of its Dockerfile and
// binary, e.g. "saltlab/salt-sim:<12 hex digits>".
func digestRef(repo string, dockerfile []byte, bin string) (string, error) {
	f, err := os.Open(bin)
	if err != nil {
		return "", fmt.Errorf("hash binary %s: %w", filepath.Base(bin), err)
	}
	defer f.Close()
	h := sha256.New()
	h.Write(dockerfile)
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("hash binary %s: %w", filepath.Base(bin), err)
	}
	return fmt.Sprintf("%s:%x", repo, h.Sum(nil)[:6]), nil
}

func simContext(dockerfile []byte, bin string) []contextFile {
	return []contextFile{
		{Name: "Dockerfile", Data: dockerfile},
		{Name: "saltsim", Path: bin, Mode: 0o755},
	}
}

// goBuild builds a static Linux binary: the image has no libc guarantees
// we want to depend on, and -trimpath keeps it reproducible so the classic
// builder's COPY cache hits when nothing changed.
func (b *Builder) goBuild(ctx context.Context, pkg, out string) (err error) {
	done := b.phase("go build " + pkg)
	defer done(&err)
	var output bytes.Buffer
	c := command{
		Name: "go",
		Args: []string{"build", "-trimpath", "-ldflags=-s -w", "-o", out, pkg},
		Dir:  b.root,
		Env:  []string{"CGO_ENABLED=0", "GOOS=linux"},
	}
	if err := b.run(ctx, c, &output); err != nil {
		return fmt.Errorf("build simulator %s: %w\n%s", pkg, err, bytes.TrimSpace(output.Bytes()))
	}
	return nil
}

package images

import (
	"bytes"
	"context"
	"fmt"
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

// BuildSim builds SimRef: the simulator binary, built on the host, copied
// onto the base under every Salt command name. The build has no network.
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
	done := b.phase("build " + SimRef)
	defer done(&err)
	files := simContext(dockerfile, bin)
	opts := build.ImageBuildOptions{Labels: flavorLabels("sim"), NetworkMode: "none"}
	if err := b.buildImage(ctx, SimRef, contextTar(files), opts); err != nil {
		return "", err
	}
	return SimRef, nil
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

package images

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/docker/docker/api/types/build"

	"github.com/saltlab/saltlab/internal/labels"
)

const (
	// helperDockerfile is the chaos helper's Dockerfile, relative to the
	// repository root.
	helperDockerfile = "images/chaos-helper/Dockerfile"
	helperRepo       = "saltlab/chaos-helper"
	// HelperPackage is the Go package built into the chaos helper image.
	HelperPackage = "./cmd/saltlab-netfault"
)

// BuildHelper builds the chaos helper image (the base plus the delay proxy)
// and returns its digest tag, "saltlab/chaos-helper:<12 hex digits>", as
// BuildSim does for the simulator.
func (b *Builder) BuildHelper(ctx context.Context) (ref string, err error) {
	if _, err := b.EnsureBase(ctx); err != nil {
		return "", err
	}
	dockerfile, err := os.ReadFile(b.path(helperDockerfile))
	if err != nil {
		return "", fmt.Errorf("read chaos helper Dockerfile: %w", err)
	}
	tmp, err := os.MkdirTemp("", "saltlab-helper-")
	if err != nil {
		return "", fmt.Errorf("create build dir: %w", err)
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "saltlab-netfault")
	if err := b.goBuild(ctx, HelperPackage, bin); err != nil {
		return "", err
	}
	ref, err = digestRef(helperRepo, dockerfile, bin)
	if err != nil {
		return "", err
	}
	if _, exists, err := b.imageLabels(ctx, ref); err == nil && exists {
		return ref, nil
	}
	done := b.phase("build " + ref)
	defer done(&err)
	files := []contextFile{
		{Name: "Dockerfile", Data: dockerfile},
		{Name: "saltlab-netfault", Path: bin, Mode: 0o755},
	}
	opts := build.ImageBuildOptions{Labels: map[string]string{labels.Managed: "true"}, NetworkMode: "none", Tags: []string{helperRepo + ":latest"}}
	if err := b.buildImage(ctx, ref, contextTar(files), opts); err != nil {
		return "", err
	}
	return ref, nil
}

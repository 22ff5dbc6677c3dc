package images

import (
	"context"

	"github.com/saltlab/saltlab/internal/lab/labels"
)

const (
	// helperDockerfile is the chaos helper's Dockerfile, relative to the
	// repository root.
	helperDockerfile = "images/chaos-helper/Dockerfile"
	helperRepo       = HelperRepo
	// HelperRepo is the repository of the chaos helper's digest tags.
	HelperRepo = "saltlab/chaos-helper"
	// HelperPackage is the Go package built into the chaos helper image.
	HelperPackage = "./cmd/saltlab-netfault"
)

// BuildHelper builds the chaos helper image (the base plus the delay proxy)
// and returns its digest tag, "saltlab/chaos-helper:<12 hex digits>", as
// BuildSim does for the simulator.
func (b *Builder) BuildHelper(ctx context.Context) (string, error) {
	return b.buildGoImage(ctx, goImage{what: "chaos helper", dockerfile: helperDockerfile, pkg: HelperPackage, bin: "saltlab-netfault",
		repo: helperRepo, labels: map[string]string{labels.Managed: "true"}, reuse: true})
}

package images

import (
	"context"
	"fmt"

	"github.com/docker/docker/api/types/build"

	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/userfile"
)

// baseDockerfile is the registry path of the base image, relative to the
// repository root.
const baseDockerfile = "images/base/Dockerfile"

// EnsureBase makes sure BaseRef exists and carries the packages hash of
// images/base/packages.txt. It builds it from the Dockerfile when a registry
// is reachable and otherwise with debootstrap from the host's Debian mirror.
func (b *Builder) EnsureBase(ctx context.Context) (ref string, err error) {
	if ok, err := b.joinAhead(aheadBase); ok {
		if err != nil {
			return "", err
		}
		return BaseRef, nil
	}
	return b.ensureBase(ctx)
}

// ensureBase is EnsureBase's work, which may also run ahead of need.
func (b *Builder) ensureBase(ctx context.Context) (ref string, err error) {
	list, err := b.readPackages()
	if err != nil {
		return "", err
	}
	have, exists, err := b.imageLabels(ctx, BaseRef)
	if err != nil {
		return "", err
	}
	if exists && have[labels.PackagesHash] == list.hash {
		b.logf("base image up to date (%s, packages sha256 %.12s)", BaseRef, list.hash)
		return BaseRef, nil
	}
	if exists {
		b.logf("base image %s has packages sha256 %q, want %.12s: rebuilding", BaseRef, short(have[labels.PackagesHash]), list.hash)
	} else {
		b.logf("base image %s not found: building it (%d packages)", BaseRef, len(list.pkgs))
	}

	dockerErr := b.buildBaseDockerfile(ctx, list)
	if dockerErr == nil {
		return BaseRef, nil
	}
	if isCanceled(ctx, dockerErr) {
		return "", dockerErr
	}
	b.logf("Dockerfile build of the base failed (%s); falling back to debootstrap", oneLine(dockerErr))
	if err := b.debootstrapBase(ctx, list); err != nil {
		return "", fmt.Errorf("build image %s with debootstrap (the Dockerfile build failed too: %s): %w", BaseRef, oneLine(dockerErr), err)
	}
	return BaseRef, nil
}

// baseHash is the packages hash of the base image EnsureBase gives: the
// one images built FROM it record, and are judged by.
func (b *Builder) baseHash() (string, error) {
	list, err := b.readPackages()
	if err != nil {
		return "", err
	}
	return list.hash, nil
}

// onBase says why an image built FROM the base, whose labels are have,
// was built on another base than the current one (hash), or "" when it
// was not: its packages hash is the base's of its build.
func onBase(have map[string]string, hash string) string {
	if have[labels.PackagesHash] == hash {
		return ""
	}
	return fmt.Sprintf("built on another base (packages sha256 %q, the base's is now %.12s)", short(have[labels.PackagesHash]), hash)
}

// baseLabels are the labels every base image carries, whichever path built it.
func baseLabels(list packageList) map[string]string {
	return map[string]string{labels.PackagesHash: list.hash, labels.Managed: "true"}
}

// buildBaseDockerfile is the registry path: debian:bookworm-slim plus the
// package list. Without a registry it fails within a second or two on the
// FROM line, so trying it first costs nearly nothing.
func (b *Builder) buildBaseDockerfile(ctx context.Context, list packageList) (err error) {
	dockerfile, err := userfile.ReadFile(b.path(baseDockerfile), userfile.Text)
	if err != nil {
		return fmt.Errorf("read base Dockerfile: %w", err)
	}
	done := b.phase("build " + BaseRef + " from " + baseDockerfile)
	defer done(&err)
	files := []contextFile{
		{Name: "Dockerfile", Data: dockerfile},
		{Name: "packages.txt", Data: list.raw},
	}
	return b.buildImage(ctx, BaseRef, files, build.ImageBuildOptions{Labels: baseLabels(list)})
}

func short(hash string) string {
	if len(hash) > 12 {
		return hash[:12]
	}
	return hash
}

package ops

import (
	"context"
	"fmt"
	"io"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/salt/saltver"
	"github.com/saltlab/saltlab/internal/usage"
)

// Images builds (or finds) the base image and the Salt image of flavor
// (auto, real or sim) and saltVersion from the checkout at root; build
// output goes to log. It returns the base image and the flavour resolved.
// refresh asks the package index which release a line is even when a
// recent answer's image exists (--salt-refresh).
func Images(ctx context.Context, root, flavor, saltVersion string, refresh bool, log io.Writer) (string, images.Flavor, error) {
	cli, err := dockerx.New(ctx)
	if err != nil {
		return "", images.Flavor{}, err
	}
	defer cli.Close()
	b := images.NewBuilder(cli, root, log, images.WithIndexRefresh(refresh))
	// Resolve first: it makes the base while it resolves and builds (a
	// flavour's image is FROM it), so this check finds it made.
	f, err := b.Resolve(ctx, flavor, saltVersion)
	if err != nil {
		return "", images.Flavor{}, fmt.Errorf("resolve salt flavour: %w", err)
	}
	base, err := b.EnsureBase(ctx)
	if err != nil {
		return "", images.Flavor{}, fmt.Errorf("ensure base image: %w", err)
	}
	return base, f, nil
}

// Wheelhouse fills dir with real Salt's wheels of version (a line or a
// release) for the image's Python on a Docker host of architecture arch
// (amd64 or arm64), for SALTLAB_WHEELHOUSE on a host without a package
// index. Progress goes to out; it returns the release downloaded. dir
// must be a new or empty folder, or one saltlab made (it is replaced when
// done), which it checks before any work.
func Wheelhouse(ctx context.Context, version, dir, arch string, out io.Writer) (saltver.Version, error) {
	spec, err := saltdist.ParseSpec(version)
	if err != nil {
		return saltver.Version{}, usage.Wrap(err)
	}
	target, err := owned.Root(dir)
	if err == nil {
		err = saltdist.CheckFolders(target)
	}
	if err != nil {
		return saltver.Version{}, usage.Errorf("wheelhouse --dir: %w (saltlab fills a folder of its own and replaces it when done)", err)
	}
	return fillWheelhouse(ctx, spec, target, arch, out)
}

// fillWheelhouse is Wheelhouse once its input is checked.
func fillWheelhouse(ctx context.Context, spec saltdist.Spec, dir, arch string, out io.Writer) (saltver.Version, error) {
	cli, err := dockerx.New(ctx)
	if err != nil {
		return saltver.Version{}, err
	}
	defer cli.Close()
	pip, err := saltdist.FindPip(ctx, nil)
	if err != nil {
		return saltver.Version{}, err
	}
	v, reached, err := pip.ResolveOnIndex(ctx, spec)
	if exact, ok := spec.Exact(); !reached && ok {
		v, err = exact, nil // the download below says whether the index has it
	}
	if err != nil {
		return saltver.Version{}, fmt.Errorf("resolve salt %s: %w", spec, err)
	}
	target := saltdist.ImageTarget(arch)
	fmt.Fprintf(out, "filling %s with Salt %s for %s ...\n", dir, v, target)
	b := images.NewBuilder(cli, ".", out, images.WithTarget(target))
	return v, b.FillWheelhouse(ctx, dir, v)
}

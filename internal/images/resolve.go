package images

import (
	"context"
	"errors"
	"fmt"

	"github.com/saltlab/saltlab/internal/images/saltdist"
)

const (
	FlavorAuto = "auto"
	FlavorReal = "real"
	FlavorSim  = "sim"
)

// Flavor is the Salt implementation a run uses.
type Flavor struct {
	Name    string // FlavorReal or FlavorSim
	Image   string
	Version string // real: the exact Salt release in the image; sim: ""
	Route   string // real: how Salt got into the image
	Reason  string // why this flavour; for auto→sim, why not real
}

// IsReal reports whether f is genuine Salt (not the double).
func (f Flavor) IsReal() bool { return f.Name == FlavorReal }

// Resolve turns the requested flavour (auto, real or sim; empty means auto)
// into a built image. saltVersion (SALT_VERSION: a line or a release; empty
// means saltdist.DefaultLine) applies to real Salt only. auto prefers real
// and falls back to sim, putting the reason into Flavor.Reason for the
// caller to announce.
func (b *Builder) Resolve(ctx context.Context, flavor, saltVersion string) (Flavor, error) {
	switch flavor {
	case FlavorSim:
		ref, err := b.BuildSim(ctx)
		if err != nil {
			return Flavor{}, fmt.Errorf("resolve flavour sim: %w", err)
		}
		return Flavor{Name: FlavorSim, Image: ref, Reason: "sim requested"}, nil
	case FlavorReal:
		img, err := b.BuildReal(ctx, saltVersion)
		if err != nil {
			return Flavor{}, fmt.Errorf("resolve flavour real: %w", err)
		}
		return realFlavor(img, "real requested"), nil
	case FlavorAuto, "":
		return b.resolveAuto(ctx, saltVersion)
	default:
		return Flavor{}, fmt.Errorf("unknown flavour %q: want one of %s, %s, %s", flavor, FlavorAuto, FlavorReal, FlavorSim)
	}
}

func realFlavor(img RealImage, why string) Flavor {
	return Flavor{Name: FlavorReal, Image: img.Ref, Version: img.Version, Route: img.Route,
		Reason: fmt.Sprintf("%s; Salt %s installed by route %s", why, img.Version, img.Route)}
}

func (b *Builder) resolveAuto(ctx context.Context, saltVersion string) (Flavor, error) {
	// Both flavours need the base: one scope makes it once, while real
	// Salt's release is resolved, and a base failure is not retried (a
	// second debootstrap) on the way to sim.
	defer b.scope()()
	b.baseAhead(ctx)
	img, err := b.BuildReal(ctx, saltVersion)
	if err == nil {
		return realFlavor(img, "auto: a real Salt image could be had"), nil
	}
	if _, err := b.EnsureBase(ctx); err != nil {
		return Flavor{}, fmt.Errorf("resolve flavour auto: %w", err)
	}
	if isCanceled(ctx, err) || errors.Is(err, ErrUnknownRelease) || errors.Is(err, saltdist.ErrBadSpec) {
		return Flavor{}, fmt.Errorf("resolve flavour auto: %w", err)
	}
	reason := "real Salt image build failed: " + oneLine(err)
	var ue *RealUnavailableError
	if errors.As(err, &ue) {
		reason = "real Salt unavailable: " + ue.Summary()
		b.logf("flavour auto: %v", err)
	}
	b.logf("flavour auto: falling back to sim: %s", reason)
	ref, err := b.BuildSim(ctx)
	if err != nil {
		return Flavor{}, fmt.Errorf("resolve flavour auto (sim, because %s): %w", reason, err)
	}
	return Flavor{Name: FlavorSim, Image: ref, Reason: reason}, nil
}

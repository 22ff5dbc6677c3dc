package images

import (
	"context"
	"errors"
	"fmt"
)

const (
	FlavorAuto = "auto"
	FlavorReal = "real"
	FlavorSim  = "sim"
)

// Flavor is the Salt implementation a run uses.
type Flavor struct {
	Name   string // FlavorReal or FlavorSim
	Image  string
	Reason string // why this flavour; for auto→sim, why not real
}

// Resolve turns the requested flavour (auto, real or sim; empty means auto)
// into a built image. auto prefers real and falls back to sim, putting the
// reason into Flavor.Reason for the caller to announce.
func (b *Builder) Resolve(ctx context.Context, flavor string) (Flavor, error) {
	switch flavor {
	case FlavorSim:
		ref, err := b.BuildSim(ctx)
		if err != nil {
			return Flavor{}, fmt.Errorf("resolve flavour sim: %w", err)
		}
		return Flavor{Name: FlavorSim, Image: ref, Reason: "sim requested"}, nil
	case FlavorReal:
		ref, err := b.BuildReal(ctx)
		if err != nil {
			return Flavor{}, fmt.Errorf("resolve flavour real: %w", err)
		}
		return Flavor{Name: FlavorReal, Image: ref, Reason: "real requested"}, nil
	case FlavorAuto, "":
		return b.resolveAuto(ctx)
	default:
		return Flavor{}, fmt.Errorf("unknown flavour %q: want one of %s, %s, %s", flavor, FlavorAuto, FlavorReal, FlavorSim)
	}
}

func (b *Builder) resolveAuto(ctx context.Context) (Flavor, error) {
	// Both flavours need the base; building it first keeps a base failure
	// from being retried (a second debootstrap) on the way to sim.
	if _, err := b.EnsureBase(ctx); err != nil {
		return Flavor{}, fmt.Errorf("resolve flavour auto: %w", err)
	}
	ref, err := b.BuildReal(ctx)
	if err == nil {
		return Flavor{Name: FlavorReal, Image: ref, Reason: "real Salt image available"}, nil
	}
	if isCanceled(ctx, err) {
		return Flavor{}, fmt.Errorf("resolve flavour auto: %w", err)
	}
	reason := "real Salt image build failed: " + oneLine(err)
	var ue *RealUnavailableError
	if errors.As(err, &ue) {
		reason = "real Salt unavailable: " + ue.Reason
	}
	b.logf("flavour auto: falling back to sim: %s", reason)
	ref, err = b.BuildSim(ctx)
	if err != nil {
		return Flavor{}, fmt.Errorf("resolve flavour auto (sim, because %s): %w", reason, err)
	}
	return Flavor{Name: FlavorSim, Image: ref, Reason: reason}, nil
}

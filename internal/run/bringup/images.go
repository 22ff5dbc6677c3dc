package bringup

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/run/console"
	"github.com/saltlab/saltlab/internal/run/progress"
	"github.com/saltlab/saltlab/internal/run/settings"
)

// checkImageOptions checks the run's Salt options against the list the
// resolved image keeps, before bring-up. An image without one (made by
// hand, or by an older saltlab) is said and not checked.
func (s *Session) checkImageOptions(ctx context.Context, b *images.Builder, flavor images.Flavor, p *types.Project, in knobs.Parsed) error {
	list, err := b.SaltOptions(ctx, flavor.Image)
	if errors.Is(err, images.ErrNoOptionList) {
		progress.New(s.Log, s.Started).Line("Salt option names not checked: %v", err)
		return nil
	}
	if err != nil {
		return err
	}
	if err := settings.CheckSaltOptions(list, fmt.Sprintf("the list in %s", flavor.Image), p, in); err != nil {
		return err
	}
	progress.New(s.Log, s.Started).Line("the run's Salt options are all ones %s reads", list.Who())
	return nil
}

// images builds or finds the base and Salt images (one lab at a time
// under spec.Images), announces the flavour, and checks the run's Salt
// options and needed release against the image. With spec.ChaosHelper
// the chaos helper is built at the same time (helperAhead).
func (s *Session) images(ctx context.Context, cfg *settings.Config, file string, project *types.Project, topoRoles roles.Roles, spec Spec) (images.Flavor, error) {
	if spec.Images != nil {
		spec.Images.Lock()
		defer spec.Images.Unlock()
	}
	progress.New(s.Log, s.Started).Phase("images", "finding or building the base and Salt images")
	// What the builder does (Docker's build output included) is plumbing:
	// the flavour and the image it chose are the story.
	b := images.NewBuilder(s.Cli, cfg.RepoRoot, console.PlumbingOf(s.Log), images.WithIndexRefresh(cfg.SaltRefresh))
	s.Builder = b
	if spec.ChaosHelper {
		defer s.helperAhead(ctx, b)()
	}
	// Resolve makes the base while it resolves and builds (ahead of need);
	// the check after it finds the base made.
	flavor, err := b.Resolve(ctx, cfg.Flavor, cfg.SaltVersion)
	if err != nil {
		return flavor, fmt.Errorf("resolve salt flavour: %w", err)
	}
	if _, err := b.EnsureBase(ctx); err != nil {
		return images.Flavor{}, fmt.Errorf("ensure base image: %w", err)
	}
	announceFlavor(s.Log, cfg.Flavor, flavor)
	if err := settings.CheckResolvedSalt(topoRoles, file, flavor); err != nil {
		return flavor, err
	}
	progress.New(s.Log, s.Started).Phase("images", "ready (%s)", flavor.Image)
	return flavor, s.checkImageOptions(ctx, b, flavor, project, cfg.Knobs)
}

// helperAhead builds the chaos helper (images.BuildHelper: a go build and
// an image FROM the base) while the Salt images are resolved and built,
// and returns the wait for it. On a fresh machine that is some 30 s the
// run's first network fault no longer spends inside its scenario; with
// the images made it is a check of the helper's digest tag. A failure is
// said and left to that fault, which builds the helper again and fails
// its own scenario, as it did before the helper was built ahead.
func (s *Session) helperAhead(ctx context.Context, b *images.Builder) (wait func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		if _, err := b.BuildHelper(ctx); err != nil && ctx.Err() == nil {
			progress.New(s.Log, s.Started).Line("the chaos helper image, built with the Salt images for this run's network faults, failed: %v; the first such fault builds it again", err)
		}
	}()
	return func() { <-done }
}

// announceFlavor says which Salt the run tests, loudly when it is the
// double: every result then is the double's.
func announceFlavor(w io.Writer, asked string, f images.Flavor) {
	if f.Name == "sim" {
		fmt.Fprintf(w, "\n==== SALT FLAVOUR: sim (the hermetic Salt double, NOT real Salt) ====\n")
		if asked == "auto" {
			fmt.Fprintf(w, "==== auto chose sim because: %s\n", f.Reason)
		}
		fmt.Fprintf(w, "==== results will be labelled as Salt-double results in every report\n\n")
		return
	}
	fmt.Fprintf(w, "\n==== SALT FLAVOUR: real: Salt %s (%s, installed by route %s) ====\n\n", f.Version, f.Image, f.Route)
}

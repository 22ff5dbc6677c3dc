package images

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/salt/saltver"
)

const (
	realDir     = "images/salt-real"
	realDebsDir = realDir + "/debs"
	// realOptionsScript lists the release's option names during the build
	// (saltopts.ImagePath).
	realOptionsScript = "salt-options.py"
	// RealRepo is the repository of real Salt images; the tag is the
	// exact Salt release, e.g. saltlab/salt-real:3008.5.
	RealRepo = "saltlab/salt-real"

	// Environment variables naming the Salt apt repository (see
	// images/salt-real/README.md). They become build args of the same name.
	EnvSaltAptURI        = "SALT_APT_URI"
	EnvSaltAptKeyURL     = "SALT_APT_KEY_URL"
	EnvSaltAptSuite      = "SALT_APT_SUITE"
	EnvSaltAptComponents = "SALT_APT_COMPONENTS"
	// EnvWheelhouse names a wheelhouse prepared on another machine.
	EnvWheelhouse = "SALTLAB_WHEELHOUSE"

	// ErrRealUnavailable matches (errors.Is) every *RealUnavailableError.
	ErrRealUnavailable = constError("real Salt image unavailable")
)

type constError string

func (e constError) Error() string { return string(e) }

// RealUnavailableError says, route by route, why no real Salt image could
// be had.
type RealUnavailableError struct {
	Spec  string
	Tried []RouteFailure
	// release is the first release tried; routes of a later one (a line
	// falling back) name theirs.
	release string
}

// RouteFailure is one route that did not give an image, and why.
type RouteFailure struct {
	Route  string
	Reason string
}

func (e *RealUnavailableError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: no route installed Salt %s; tried, in order:", ErrRealUnavailable, e.Spec)
	for _, t := range e.Tried {
		fmt.Fprintf(&b, "\n  - %s: %s", t.Route, strings.ReplaceAll(t.Reason, "\n", "\n    "))
	}
	return b.String()
}

// Summary is the error on one line, for reports and the auto fallback.
func (e *RealUnavailableError) Summary() string {
	parts := make([]string, len(e.Tried))
	for i, t := range e.Tried {
		parts[i] = t.Route + ": " + oneLine(errors.New(t.Reason))
	}
	return fmt.Sprintf("no route installed Salt %s (%s)", e.Spec, strings.Join(parts, "; "))
}

// Is makes errors.Is(err, ErrRealUnavailable) true.
func (e *RealUnavailableError) Is(target error) bool { return target == ErrRealUnavailable }

// RealImage is a built real Salt image.
type RealImage struct {
	Ref     string // saltlab/salt-real:<release>
	Version string // the exact Salt release
	Route   string // how Salt got in (or "existing image")
}

// BuildReal gives an image of the Salt release spec names (SALT_VERSION:
// a line or an exact release). It tries the routes in order and returns
// the first that works; if none does, a *RealUnavailableError lists each
// route and why it failed:
//
//  1. an image of that release already built with the current recipe;
//  2. .deb files in images/salt-real/debs/ (a deliberate local choice);
//  3. the apt repository in SALT_APT_URI (likewise);
//  4. a wheelhouse: SALTLAB_WHEELHOUSE, or the host cache, filled by the
//     host's pip for the image's Python; the build has no network;
//  5. the package index pip is configured for, from inside the build.
func (b *Builder) BuildReal(ctx context.Context, specText string) (RealImage, error) {
	spec, err := saltdist.ParseSpec(specText)
	if err != nil {
		return RealImage{}, err
	}
	recipe, err := b.realRecipe()
	if err != nil {
		return RealImage{}, err
	}
	if img, ok := b.imageAtHand(ctx, spec, recipe); ok {
		return img, nil
	}
	// Every route builds FROM the base: it is made while the release is
	// resolved and the wheelhouse filled (ahead.go).
	defer b.scope()()
	b.baseAhead(ctx)
	fail := &RealUnavailableError{Spec: spec.String()}
	v, ok, asked, err := b.resolveRelease(ctx, spec, fail)
	if err != nil {
		return RealImage{}, err
	}
	newest := v
	for fallbacks := 0; ; fallbacks++ {
		img, missing, err := b.knownMissing(spec, v, fail)
		if missing == nil {
			img, missing, err = b.buildRelease(ctx, spec, v, ok, recipe, fail)
			b.rememberMissing(v, missing)
		}
		if err == nil && asked {
			if _, exact := spec.Exact(); !exact {
				b.rememberLine(spec.String(), newest.String(), img.Version)
			}
		}
		if err == nil || missing == nil || isCanceled(ctx, err) {
			return img, err
		}
		// The index lacks a dependency of this release: a line falls back
		// to its next older release, saying why; an exact release fails.
		older, found := b.olderRelease(ctx, spec, v)
		if _, exact := spec.Exact(); exact || !found || fallbacks == maxReleaseFallbacks {
			return RealImage{}, err
		}
		b.logf("Salt %s cannot be installed from the package index (%s); trying %s, the next older release of line %s", v, oneLine(missing), older, spec)
		v = older
	}
}

// maxReleaseFallbacks bounds how many older releases of a line are tried
// when the newest lacks a dependency on the index.
const maxReleaseFallbacks = 3

// buildRelease gives an image of release v by the first route that works.
// missing is set when the wheelhouse route found a dependency that the
// package index does not have; the index route would fail the same way,
// so it is not tried then.
func (b *Builder) buildRelease(ctx context.Context, spec saltdist.Spec, v saltver.Version, ok bool, recipe realRecipe, fail *RealUnavailableError) (img RealImage, missing, err error) {
	if ok {
		if img, found := b.existingReal(ctx, v.String(), recipe.hash); found {
			b.logf("using existing %s (Salt %s, built by route %s)", img.Ref, img.Version, img.Route)
			return img, nil, nil
		}
	}
	if fail.release == "" {
		fail.release = v.String()
	}
	for _, r := range b.realRoutes(spec, v, ok) {
		if err := ctx.Err(); err != nil {
			return RealImage{}, nil, err
		}
		img, err := r.try(ctx, recipe)
		if err == nil {
			return img, nil, nil
		}
		if isCanceled(ctx, err) {
			return RealImage{}, nil, err
		}
		name := r.name
		if len(fail.Tried) > 0 && fail.release != v.String() {
			name += " (Salt " + v.String() + ")"
		}
		fail.Tried = append(fail.Tried, RouteFailure{Route: name, Reason: err.Error()})
		if saltdist.IsMissing(err) {
			return RealImage{}, err, fail
		}
	}
	return RealImage{}, nil, fail
}

// olderRelease is the newest release of spec's line older than v on the
// package index.
func (b *Builder) olderRelease(ctx context.Context, spec saltdist.Spec, v saltver.Version) (saltver.Version, bool) {
	pip, err := b.pip(ctx)
	if err != nil {
		return saltver.Version{}, false
	}
	rel, err := pip.Releases(ctx)
	if err != nil {
		return saltver.Version{}, false
	}
	var best saltver.Version
	found := false
	for _, r := range rel {
		c, err := saltver.Parse(r)
		if err == nil && spec.Matches(c) && c.Compare(v) < 0 && (!found || c.Compare(best) > 0) {
			best, found = c, true
		}
	}
	return best, found
}

// ErrUnknownRelease: the package index answered, and it has no such
// Salt release. That is the user's typo, not a missing route, so auto
// does not hide it behind the double.
var ErrUnknownRelease = errors.New("unknown Salt release")

// resolveRelease asks the package index, through the host's pip, which
// release the spec names: a line's newest release, or whether an exact
// release exists. Without an answer an exact release is taken on trust
// (the routes check it) and a line settles for its newest release in a
// wheelhouse or image at hand, saying so; with nothing at hand, only the
// index route (inside the build) can still resolve the line.
//
// asked says the index answered, so a line's answer can be remembered
// (linememo.go).
func (b *Builder) resolveRelease(ctx context.Context, spec saltdist.Spec, fail *RealUnavailableError) (v saltver.Version, ok, asked bool, err error) {
	pip, err := b.pip(ctx)
	if err == nil {
		var reached bool
		if v, reached, err = pip.ResolveOnIndex(ctx, spec); reached {
			if err != nil {
				return saltver.Version{}, false, true, fmt.Errorf("%w: %v (on the package index pip is configured for)", ErrUnknownRelease, err)
			}
			b.logf("Salt %s is %s on the package index", spec, v)
			return v, true, true, nil
		}
	}
	if v, ok := spec.Exact(); ok {
		return v, true, false, nil
	}
	if v, where, ok := b.newestAtHand(ctx, spec); ok {
		b.logf("cannot ask the package index which release is newest in line %s (%s); using %s from %s", spec, oneLine(err), v, where)
		return v, true, false, nil
	}
	fail.Tried = append(fail.Tried, RouteFailure{Route: "resolve line " + spec.String() + " to a release", Reason: err.Error()})
	return saltver.Version{}, false, false, nil
}

// newestAtHand is the newest release of spec's line in SALTLAB_WHEELHOUSE,
// the host cache or an existing image.
func (b *Builder) newestAtHand(ctx context.Context, spec saltdist.Spec) (saltver.Version, string, bool) {
	if dir := strings.TrimSpace(b.getenv(EnvWheelhouse)); dir != "" {
		if v, err := saltdist.PickFrom(dir, spec); err == nil {
			return v, EnvWheelhouse + "=" + dir, true
		}
	}
	var best saltver.Version
	where := ""
	cached, _ := filepath.Glob(filepath.Join(b.root, ".cache", "wheelhouse", "salt-*-"+b.target.String()))
	for _, dir := range cached {
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(dir), "salt-"), "-"+b.target.String())
		if v, err := saltver.Parse(name); err == nil && spec.Matches(v) && saltdist.Complete(dir, v, b.target) && v.Compare(best) > 0 {
			best, where = v, "the wheelhouse cache "+dir
		}
	}
	if refs, err := b.realImages(ctx); err == nil {
		for ver, ref := range refs {
			if v, err := saltver.Parse(ver); err == nil && spec.Matches(v) && v.Compare(best) > 0 {
				best, where = v, "the existing image "+ref
			}
		}
	}
	return best, where, where != ""
}

// existingReal returns the image of release v if it was built with the
// current recipe (Dockerfile and install-salt) on the current base;
// otherwise it says why the image there is not reused.
func (b *Builder) existingReal(ctx context.Context, v, recipeHash string) (RealImage, bool) {
	ref := RealRepo + ":" + v
	have, exists, err := b.imageLabels(ctx, ref)
	if err != nil || !exists {
		return RealImage{}, false
	}
	base, err := b.baseHash()
	if err != nil {
		return RealImage{}, false // the build that follows names the error
	}
	if why := staleReal(have, v, recipeHash, base); why != "" {
		b.logf("not reusing %s: %s; rebuilding it", ref, why)
		return RealImage{}, false
	}
	return RealImage{Ref: ref, Version: v, Route: have[labels.SaltRoute]}, true
}

// staleReal says why an existing image with labels have cannot serve as
// real Salt release v of the recipe recipeHash on the base baseHash, or
// "" when it can.
func staleReal(have map[string]string, v, recipeHash, baseHash string) string {
	switch {
	case have[labels.Flavor] != FlavorReal:
		return fmt.Sprintf("it is not a real Salt image (flavour label %q)", have[labels.Flavor])
	case have[labels.SaltVersion] != v:
		return fmt.Sprintf("it holds Salt %q", have[labels.SaltVersion])
	case have[labels.RecipeHash] != recipeHash:
		return fmt.Sprintf("built by another recipe (sha256 %q, %s is now %.12s)", short(have[labels.RecipeHash]), realDir, recipeHash)
	}
	return onBase(have, baseHash)
}

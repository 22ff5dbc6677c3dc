// Package images builds the Docker images the lab runs: the Debian base
// (saltlab/base:bookworm), the Salt simulator (saltlab/salt-sim:latest) and
// real Salt (saltlab/salt-real:<release>, installed with pip). It works
// with no container registry: the base falls back to debootstrap from the
// host's Debian mirror and every later build starts FROM the local base.
package images

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/docker/docker/api/types/build"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/images/aptsource"
	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/textclip"
)

const (
	// BaseRef is the Debian base every saltlab image starts FROM.
	BaseRef = "saltlab/base:bookworm"
	// SimRef is the newest Salt simulator image built on this engine, for
	// use by hand; runs use the digest tag BuildSim returns.
	SimRef  = simRepo + ":latest"
	simRepo = "saltlab/salt-sim"
	// Suite is the Debian release of the base image.
	Suite = "bookworm"
	// DefaultSimPackage is the Go package built into the simulator image.
	DefaultSimPackage = "./cmd/saltsim"
)

// Docker is the part of the Docker client this package uses;
// *client.Client satisfies it.
type Docker interface {
	ImageInspect(ctx context.Context, ref string, opts ...client.ImageInspectOption) (image.InspectResponse, error)
	ImageBuild(ctx context.Context, buildContext io.Reader, options build.ImageBuildOptions) (build.ImageBuildResponse, error)
	ImageImport(ctx context.Context, source image.ImportSource, ref string, options image.ImportOptions) (io.ReadCloser, error)
	ImageList(ctx context.Context, options image.ListOptions) ([]image.Summary, error)
	ImageRemove(ctx context.Context, ref string, options image.RemoveOptions) ([]image.DeleteResponse, error)
}

// Builder builds saltlab's images with one Docker client.
type Builder struct {
	docker     Docker
	root       string
	log        io.Writer
	simPackage string
	getenv     func(string) string

	// Seams for the host side of the debootstrap path and go build; the
	// defaults touch the real machine, tests replace them.
	run      runFunc
	lookPath func(string) (string, error)
	geteuid  func() int
	mirror   func(ctx context.Context, suite string) (string, error)
	pip      func(ctx context.Context) (saltdist.Pip, error)
	target   saltdist.Target // the image's Python, which wheels must fit
	now      func() time.Time
	// refresh asks the package index which release a line is even when
	// the line memo has a recent answer (--salt-refresh).
	refresh bool
	// ahead is the image work running at the same time (ahead.go).
	ahead aheadState
}

// Option configures a Builder.
type Option func(*Builder)

// WithSimPackage builds pkg (a path relative to the repository root, such
// as "./cmd/saltsim") into the simulator image.
func WithSimPackage(pkg string) Option {
	return func(b *Builder) { b.simPackage = pkg }
}

// WithPip replaces the host's pip (tests).
func WithPip(find func(ctx context.Context) (saltdist.Pip, error)) Option {
	return func(b *Builder) { b.pip = find }
}

// WithGetenv replaces os.Getenv for the SALT_APT_*, PIP_* and
// SALTLAB_WHEELHOUSE settings.
func WithGetenv(getenv func(string) string) Option {
	return func(b *Builder) { b.getenv = getenv }
}

// WithTarget sets the image Python the wheelhouse is for (saltlab
// wheelhouse --arch); the default is the host's architecture.
func WithTarget(t saltdist.Target) Option {
	return func(b *Builder) { b.target = t }
}

// WithIndexRefresh makes BuildReal ask the package index which release a
// line is even when an image of the line's recent answer exists
// (--salt-refresh).
func WithIndexRefresh(refresh bool) Option {
	return func(b *Builder) { b.refresh = refresh }
}

// NewBuilder returns a Builder that finds images/ and the simulator sources
// under repoRoot and writes progress and build output to log.
func NewBuilder(docker Docker, repoRoot string, log io.Writer, opts ...Option) *Builder {
	if log == nil {
		log = io.Discard
	}
	// An absolute root: commands run with Dir set to it, and a relative
	// script path under a relative root (the tests' --root ../..) resolves
	// from that Dir, not from here, so ensure-go was not found in CI.
	if abs, err := filepath.Abs(repoRoot); err == nil {
		repoRoot = abs
	}
	b := &Builder{
		docker:     docker,
		root:       repoRoot,
		log:        &lockedWriter{w: log},
		simPackage: DefaultSimPackage,
		getenv:     os.Getenv,
		run:        runCommand,
		lookPath:   lookPath,
		geteuid:    os.Geteuid,
		mirror:     aptsource.Mirror,
		pip:        func(ctx context.Context) (saltdist.Pip, error) { return saltdist.FindPip(ctx, nil) },
		target:     saltdist.ImageTarget(runtime.GOARCH),
		now:        time.Now,
	}
	for _, o := range opts {
		o(b)
	}
	return b
}

// FindRepoRoot walks up from start to the directory that holds go.mod and
// images/base/packages.txt.
func FindRepoRoot(start string) (string, error) {
	dir, err := filepath.Abs(start)
	if err != nil {
		return "", fmt.Errorf("find repository root: %w", err)
	}
	for {
		if fileExists(filepath.Join(dir, "go.mod")) && fileExists(filepath.Join(dir, packagesFile)) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("find repository root: no go.mod with %s above %s", packagesFile, start)
		}
		dir = parent
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func (b *Builder) path(rel string) string {
	return filepath.Join(b.root, filepath.FromSlash(rel))
}

func (b *Builder) logf(format string, args ...any) {
	fmt.Fprintf(b.log, "images: "+format+"\n", args...)
}

// phase logs the start of a step and returns a function that logs its end
// with the elapsed time, so slow steps (debootstrap) show up in CI logs.
func (b *Builder) phase(name string) func(err *error) {
	start := time.Now()
	b.logf("%s ...", name)
	return func(err *error) {
		d := time.Since(start).Round(100 * time.Millisecond)
		if err != nil && *err != nil {
			b.logf("%s failed after %s", name, d)
			return
		}
		b.logf("%s done in %s", name, d)
	}
}

// oneLine keeps multi-line build errors on one line for Reason texts.
func oneLine(err error) string {
	if err == nil {
		return ""
	}
	return textclip.OneLine(err.Error())
}

// isCanceled reports whether err stems from the caller giving up, in which
// case no fallback should be tried.
func isCanceled(ctx context.Context, err error) bool {
	return ctx.Err() != nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

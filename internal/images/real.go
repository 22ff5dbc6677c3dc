package images

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/docker/docker/api/types/build"

	"github.com/saltlab/saltlab/internal/labels"
)

const (
	realDir        = "images/salt-real"
	realDockerfile = realDir + "/Dockerfile"
	realDebsDir    = realDir + "/debs"

	// Environment variables naming the Salt apt repository (see
	// images/salt-real/README.md). They become build args of the same name.
	EnvSaltAptURI        = "SALT_APT_URI"
	EnvSaltAptKeyURL     = "SALT_APT_KEY_URL"
	EnvSaltAptSuite      = "SALT_APT_SUITE"
	EnvSaltAptComponents = "SALT_APT_COMPONENTS"

	// ErrRealUnavailable matches (errors.Is) every *RealUnavailableError.
	ErrRealUnavailable = constError("real Salt image unavailable")
)

type constError string

func (e constError) Error() string { return string(e) }

// RealUnavailableError says why the real image cannot be built; BuildReal
// returns it before any build is attempted.
type RealUnavailableError struct {
	Reason string // one line
}

func (e *RealUnavailableError) Error() string { return string(ErrRealUnavailable) + ": " + e.Reason }

// Is makes errors.Is(err, ErrRealUnavailable) true.
func (e *RealUnavailableError) Is(target error) bool { return target == ErrRealUnavailable }

// realSource is where Salt comes from: local .deb files or an apt repo.
type realSource struct {
	debs []string
	args map[string]*string
}

// realSource decides between the two sources. .deb files win because they
// need no network and are the more deliberate choice.
func (b *Builder) realSource() (realSource, error) {
	debs, err := filepath.Glob(filepath.Join(b.path(realDebsDir), "*.deb"))
	if err != nil {
		return realSource{}, fmt.Errorf("list Salt .deb files: %w", err)
	}
	if len(debs) > 0 {
		return realSource{debs: debs, args: map[string]*string{"SALT_MAJOR": ptr(SaltMajor)}}, nil
	}
	uri := strings.TrimSpace(b.getenv(EnvSaltAptURI))
	key := strings.TrimSpace(b.getenv(EnvSaltAptKeyURL))
	switch {
	case uri == "":
		return realSource{}, &RealUnavailableError{Reason: fmt.Sprintf(
			"no Salt source: no .deb files in %s/ and %s is not set (see %s/README.md)", realDebsDir, EnvSaltAptURI, realDir)}
	case key == "":
		return realSource{}, &RealUnavailableError{Reason: fmt.Sprintf(
			"%s is set but %s is not (see %s/README.md)", EnvSaltAptURI, EnvSaltAptKeyURL, realDir)}
	case !looksLikeURL(uri) || !looksLikeURL(key):
		return realSource{}, &RealUnavailableError{Reason: fmt.Sprintf(
			"%s and %s must be single http(s) URLs (see %s/README.md)", EnvSaltAptURI, EnvSaltAptKeyURL, realDir)}
	}
	args := map[string]*string{
		"SALT_MAJOR":     ptr(SaltMajor),
		EnvSaltAptURI:    ptr(uri),
		EnvSaltAptKeyURL: ptr(key),
	}
	for _, name := range []string{EnvSaltAptSuite, EnvSaltAptComponents} {
		if v := strings.TrimSpace(b.getenv(name)); v != "" {
			args[name] = ptr(v)
		}
	}
	return realSource{args: args}, nil
}

func looksLikeURL(s string) bool {
	return (strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")) && !strings.ContainsAny(s, " \t\n'\"\\")
}

func ptr(s string) *string { return &s }

// BuildReal builds RealRef from the user's Salt source. With no source it
// returns a *RealUnavailableError and builds nothing, except that an image
// built earlier is reused, so the variables need not stay set forever.
func (b *Builder) BuildReal(ctx context.Context) (ref string, err error) {
	src, err := b.realSource()
	if err != nil {
		var ue *RealUnavailableError
		if errors.As(err, &ue) && strings.HasPrefix(ue.Reason, "no Salt source") {
			have, exists, ierr := b.imageLabels(ctx, RealRef)
			if ierr == nil && exists && have[labels.Flavor] == "real" {
				b.logf("using existing %s (%s, so it is not rebuilt)", RealRef, ue.Reason)
				return RealRef, nil
			}
		}
		return "", err
	}
	if _, err := b.EnsureBase(ctx); err != nil {
		return "", err
	}
	dockerfile, err := os.ReadFile(b.path(realDockerfile))
	if err != nil {
		return "", fmt.Errorf("read real Salt Dockerfile: %w", err)
	}
	opts := build.ImageBuildOptions{Labels: flavorLabels("real"), BuildArgs: src.args}
	how := "from " + b.getenv(EnvSaltAptURI)
	if len(src.debs) > 0 {
		// Local packages: enforce the promise that this build is offline.
		opts.NetworkMode = "none"
		how = fmt.Sprintf("from %d .deb files in %s", len(src.debs), realDebsDir)
	}
	done := b.phase("build " + RealRef + " " + how)
	defer done(&err)
	if err := b.buildImage(ctx, RealRef, contextTar(realContext(dockerfile, src.debs)), opts); err != nil {
		return "", err
	}
	return RealRef, nil
}

// realContext always has a debs/ directory, so the Dockerfile's COPY works
// when Salt comes from the apt repository.
func realContext(dockerfile []byte, debs []string) []contextFile {
	files := []contextFile{{Name: "Dockerfile", Data: dockerfile}, {Name: "debs/"}}
	for _, d := range debs {
		files = append(files, contextFile{Name: "debs/" + filepath.Base(d), Path: d})
	}
	return files
}

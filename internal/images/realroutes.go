package images

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/salt/saltver"
	"github.com/saltlab/saltlab/internal/userfile"
)

// realRoute is one way to get Salt into the image.
type realRoute struct {
	name string
	try  func(ctx context.Context, r realRecipe) (RealImage, error)
}

// realRecipe is the image's own files, read once per BuildReal. The hash
// covers all three, so a change to any of them rebuilds the image.
type realRecipe struct {
	dockerfile, script, options []byte
	hash                        string
}

func (b *Builder) realRecipe() (realRecipe, error) {
	var r realRecipe
	h := sha256.New()
	for _, f := range []struct {
		name, what string
		data       *[]byte
	}{
		{"Dockerfile", "Dockerfile", &r.dockerfile},
		{"install-salt", "install script", &r.script},
		{realOptionsScript, "option list script", &r.options},
	} {
		d, err := userfile.ReadFile(b.path(realDir+"/"+f.name), userfile.Text)
		if err != nil {
			return realRecipe{}, fmt.Errorf("read real Salt %s: %w", f.what, err)
		}
		*f.data = d
		if f.name != "Dockerfile" {
			h.Write([]byte{0})
		}
		h.Write(d)
	}
	r.hash = fmt.Sprintf("%x", h.Sum(nil))
	return r, nil
}

// realRoutes lists the routes in the order BuildReal tries them. resolved
// says whether v is known; without it only the index route can work.
func (b *Builder) realRoutes(spec saltdist.Spec, v saltver.Version, resolved bool) []realRoute {
	req := spec.Requirement()
	if resolved {
		req = "salt==" + v.String()
	}
	local := func(route string, files func() ([]contextFile, error), args map[string]*string, offline bool) func(context.Context, realRecipe) (RealImage, error) {
		return func(ctx context.Context, r realRecipe) (RealImage, error) {
			extra, err := files()
			if err != nil {
				return RealImage{}, err
			}
			return b.buildReal(ctx, r, realBuild{route: route, req: req, files: extra, args: args, offline: offline})
		}
	}
	return []realRoute{
		{name: ".deb files in " + realDebsDir + "/", try: local("deb", b.debFiles, nil, true)},
		{name: "apt repository (" + EnvSaltAptURI + ")", try: func(ctx context.Context, r realRecipe) (RealImage, error) {
			args, err := b.aptArgs()
			if err != nil {
				return RealImage{}, err
			}
			return b.buildReal(ctx, r, realBuild{route: "apt", req: req, args: args})
		}},
		{name: "wheelhouse", try: func(ctx context.Context, r realRecipe) (RealImage, error) {
			if !resolved {
				return RealImage{}, errors.New("skipped: the release of line " + spec.String() + " is unknown, and a wheelhouse holds one release")
			}
			dir, err := b.wheelhouse(ctx, v)
			if err != nil {
				return RealImage{}, err
			}
			return local("wheelhouse", func() ([]contextFile, error) { return dirFiles(dir, "wheels/") }, nil, true)(ctx, r)
		}},
		{name: "package index (pip inside the image build)", try: func(ctx context.Context, r realRecipe) (RealImage, error) {
			return b.buildReal(ctx, r, realBuild{route: "index", req: req, args: b.pipArgs()})
		}},
	}
}

// debFiles are the user's Salt .deb files; none means the route is off.
func (b *Builder) debFiles() ([]contextFile, error) {
	debs, err := filepath.Glob(filepath.Join(b.path(realDebsDir), "*.deb"))
	if err != nil {
		return nil, fmt.Errorf("list Salt .deb files: %w", err)
	}
	if len(debs) == 0 {
		return nil, fmt.Errorf("none in %s/", realDebsDir)
	}
	files := make([]contextFile, 0, len(debs))
	for _, d := range debs {
		files = append(files, contextFile{Name: "debs/" + filepath.Base(d), Path: d})
	}
	return files, nil
}

// aptArgs are the build args of the apt route, or why it is off.
func (b *Builder) aptArgs() (map[string]*string, error) {
	uri := strings.TrimSpace(b.getenv(EnvSaltAptURI))
	key := strings.TrimSpace(b.getenv(EnvSaltAptKeyURL))
	switch {
	case uri == "":
		return nil, fmt.Errorf("%s is not set (see %s/README.md)", EnvSaltAptURI, realDir)
	case key == "":
		return nil, fmt.Errorf("%s is set but %s is not (see %s/README.md)", EnvSaltAptURI, EnvSaltAptKeyURL, realDir)
	case !looksLikeURL(uri) || !looksLikeURL(key):
		return nil, fmt.Errorf("%s and %s must be single http(s) URLs (see %s/README.md)", EnvSaltAptURI, EnvSaltAptKeyURL, realDir)
	}
	args := map[string]*string{EnvSaltAptURI: ptr(uri), EnvSaltAptKeyURL: ptr(key)}
	for _, name := range []string{EnvSaltAptSuite, EnvSaltAptComponents} {
		if v := strings.TrimSpace(b.getenv(name)); v != "" {
			args[name] = ptr(v)
		}
	}
	return args, nil
}

// pipPassThrough are the host settings the index route's pip sees, so a
// user behind a mirror or proxy needs nothing else. The proxy variables
// are Docker's predefined build args, which stay out of the image history.
var pipPassThrough = []string{
	"PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_TRUSTED_HOST",
	"HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy",
}

func (b *Builder) pipArgs() map[string]*string {
	args := map[string]*string{}
	for _, name := range pipPassThrough {
		if v := strings.TrimSpace(b.getenv(name)); v != "" {
			args[name] = ptr(v)
		}
	}
	return args
}

// wheelhouse returns a folder holding v's wheels for the image's Python:
// SALTLAB_WHEELHOUSE when set, else the host cache, filled by the host's
// pip on first use. Either is validated before it is used.
func (b *Builder) wheelhouse(ctx context.Context, v saltver.Version) (string, error) {
	if dir := strings.TrimSpace(b.getenv(EnvWheelhouse)); dir != "" {
		spec, _ := saltdist.ParseSpec(v.String())
		if _, err := saltdist.PickFrom(dir, spec); err != nil {
			return "", fmt.Errorf("%s: %w", EnvWheelhouse, err)
		}
		// A folder `saltlab wheelhouse` made carries a manifest and is held
		// to it; one a user filled by hand has none, and pip checks it.
		if _, err := os.Stat(filepath.Join(dir, saltdist.ManifestFile)); err == nil {
			if err := saltdist.Validate(dir, v, b.target); err != nil {
				return "", fmt.Errorf("%s: %w: make it again with `saltlab wheelhouse --dir %s --salt-version %s`", EnvWheelhouse, err, dir, v)
			}
		}
		b.logf("installing Salt %s from %s=%s", v, EnvWheelhouse, dir)
		return dir, nil
	}
	if err := CheckCache(b.root); err != nil {
		return "", err
	}
	if err := saltdist.AdoptCache(b.root); err != nil {
		return "", err
	}
	dir := saltdist.CacheDir(b.root, v, b.target)
	err := saltdist.Validate(dir, v, b.target)
	if err == nil {
		b.logf("reusing the wheelhouse of Salt %s in %s", v, dir)
		return dir, nil
	}
	if _, statErr := os.Stat(dir); statErr == nil {
		b.logf("not reusing %s: %s; filling it again", dir, oneLine(err))
	}
	return dir, b.FillWheelhouse(ctx, dir, v)
}

// FillWheelhouse fills dir with Salt v's wheelhouse for the image's
// Python with the host's pip, compiling in the wheel builder what the
// index has only as source.
func (b *Builder) FillWheelhouse(ctx context.Context, dir string, v saltver.Version) (err error) {
	pip, err := b.pip(ctx)
	if err != nil {
		return err
	}
	// What the index has only as source is compiled in the wheel builder:
	// it is made while pip downloads (ahead.go).
	defer b.scope()()
	b.builderAhead(ctx)
	done := b.phase(fmt.Sprintf("fill the wheelhouse %s (pip download for %s)", dir, b.target))
	defer done(&err)
	return saltdist.Prepare(ctx, pip, b, dir, v, b.target)
}

// dirFiles lists a folder's regular files as build context entries.
func dirFiles(dir, prefix string) ([]contextFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", dir, err)
	}
	var files []contextFile
	for _, e := range entries {
		if e.Type().IsRegular() {
			files = append(files, contextFile{Name: prefix + e.Name(), Path: filepath.Join(dir, e.Name())})
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	return files, nil
}

func looksLikeURL(s string) bool {
	return (strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")) && !strings.ContainsAny(s, " \t\n'\"\\")
}

func ptr(s string) *string { return &s }

package images

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/docker/docker/api/types/build"
	"github.com/docker/docker/api/types/filters"
	"github.com/docker/docker/api/types/image"

	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/salt/saltver"
)

// realBuild is one route's image build.
type realBuild struct {
	route   string // install-salt's route
	req     string // salt==3008.5 or salt==3008.*
	files   []contextFile
	args    map[string]*string
	offline bool // no network during the build
}

// versionMark is the line install-salt ends with.
const versionMark = "SALTLAB_SALT_VERSION="

// realBuildLog keeps the whole output of the last real image build; the
// terminal only gets the steps and install-salt's own lines.
const realBuildLog = ".cache/salt-real-build.log"

// buildReal builds the image for one route. The tag is the exact release;
// when only the line is known (index route without the host's pip), the
// build is tagged <line>-pending, and the release install-salt reports
// becomes the tag and label of a one-line child image.
func (b *Builder) buildReal(ctx context.Context, r realRecipe, rb realBuild) (img RealImage, err error) {
	// FROM the base: an outdated one (another checkout's package list, say)
	// would lack python3-venv.
	if _, err := b.EnsureBase(ctx); err != nil {
		return RealImage{}, err
	}
	base, err := b.baseHash()
	if err != nil {
		return RealImage{}, err
	}
	want := strings.TrimPrefix(rb.req, "salt==")
	exact := !strings.HasSuffix(want, ".*")
	ref := RealRepo + ":" + strings.TrimSuffix(want, ".*")
	if !exact {
		ref += "-pending"
	}
	files := append([]contextFile{
		{Name: "Dockerfile", Data: r.dockerfile},
		{Name: "install-salt", Data: r.script, Mode: 0o755},
		{Name: realOptionsScript, Data: r.options},
		{Name: "wheels/"}, {Name: "debs/"},
	}, rb.files...)
	args := map[string]*string{"SALT_ROUTE": ptr(rb.route), "SALT_REQUIREMENT": ptr(rb.req), "SALT_EXTRAS": ptr(strings.Join(saltdist.Extras, " "))}
	for k, v := range rb.args {
		args[k] = v
	}
	lbls := flavorLabels(FlavorReal)
	lbls[labels.SaltRoute] = rb.route
	lbls[labels.RecipeHash] = r.hash
	lbls[labels.PackagesHash] = base
	if exact {
		lbls[labels.SaltVersion] = want
	}
	opts := build.ImageBuildOptions{Labels: lbls, BuildArgs: args}
	if rb.offline {
		opts.NetworkMode = "none"
	}
	done := b.phase(fmt.Sprintf("build %s: Salt %s by route %s", ref, want, rb.route))
	defer done(&err)
	out, berr := b.captureBuild(ctx, ref, files, opts)
	got := installedVersion(out)
	if berr == nil && got == "" {
		got = b.cachedRelease(ctx, ref, want, exact)
	}
	if berr != nil || got == "" {
		return RealImage{}, b.realBuildError(out, berr)
	}
	if !exact {
		if err := b.labelPending(ctx, ref, got, lbls); err != nil {
			return RealImage{}, err
		}
		ref = RealRepo + ":" + got
	}
	return RealImage{Ref: ref, Version: got, Route: rb.route}, nil
}

// captureBuild builds and returns the whole output, which also goes to
// realBuildLog; the log shows only the build steps and install-salt's lines.
func (b *Builder) captureBuild(ctx context.Context, ref string, files []contextFile, opts build.ImageBuildOptions) (string, error) {
	var all strings.Builder
	w := io.Writer(&all)
	logPath := b.path(realBuildLog)
	if err := os.MkdirAll(filepath.Dir(logPath), 0o755); err == nil {
		if f, err := owned.Create(logPath, 0o644); err == nil {
			defer f.Close()
			w = io.MultiWriter(&all, f)
		}
	}
	pw := newProgressWriter(b.log, "  ", 1)
	err := b.buildImageTo(ctx, ref, files, opts, io.MultiWriter(w, lineFilter{pw}))
	return all.String(), err
}

// lineFilter passes on the lines a person wants to see during a long pip
// build: the Dockerfile steps and install-salt's own lines.
type lineFilter struct{ w io.Writer }

func (f lineFilter) Write(p []byte) (int, error) {
	sc := bufio.NewScanner(strings.NewReader(string(p)))
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "Step ") || strings.HasPrefix(l, "saltlab:") || strings.HasPrefix(l, versionMark) {
			fmt.Fprintln(f.w, l)
		}
	}
	return len(p), nil
}

// cachedRelease is the release an image holds by its own option list
// (salt-options.py writes salt.version.__version__), or "". A build Docker
// answered wholly from its build cache runs no step, so install-salt
// printed nothing; the layers it reused are those of a build that did,
// from the same files (a wheelhouse carried to this host byte for byte,
// say). An exact build must hold the release it asked for.
func (b *Builder) cachedRelease(ctx context.Context, ref, want string, exact bool) string {
	l, err := b.SaltOptions(ctx, ref)
	if err != nil || l.Implementation != "" {
		return ""
	}
	if _, err := saltver.Parse(l.SaltVersion); err != nil || (exact && l.SaltVersion != want) {
		return ""
	}
	b.logf("Docker built %s from its cache: install-salt ran in an earlier build; the image's option list says Salt %s", ref, l.SaltVersion)
	return l.SaltVersion
}

// installedVersion is the release install-salt reported, or "".
func installedVersion(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), versionMark); ok {
			if _, err := saltver.Parse(v); err == nil {
				return v
			}
		}
	}
	return ""
}

// realBuildError shows pip's and install-salt's failing lines, not the
// whole build output, and where the whole output is.
func (b *Builder) realBuildError(out string, err error) error {
	lines := saltdist.FailingLines(out)
	if len(lines) == 0 && err != nil {
		lines = []string{oneLine(err)}
	}
	if len(lines) == 0 {
		lines = []string{"the build ended without install-salt reporting the installed release"}
	}
	return fmt.Errorf("image build failed:\n  %s\n(whole build output: %s)", strings.Join(lines, "\n  "), b.path(realBuildLog))
}

// labelPending tags a line build with its exact release: a child image
// adds the version label, and the -pending tag goes.
func (b *Builder) labelPending(ctx context.Context, pending, version string, lbls map[string]string) error {
	final := RealRepo + ":" + version
	l := map[string]string{}
	for k, v := range lbls {
		l[k] = v
	}
	l[labels.SaltVersion] = version
	df := []byte("FROM " + pending + "\n")
	opts := build.ImageBuildOptions{Labels: l, NetworkMode: "none"}
	if err := b.buildImageTo(ctx, final, []contextFile{{Name: "Dockerfile", Data: df}}, opts, io.Discard); err != nil {
		return fmt.Errorf("tag Salt %s image: %w", version, err)
	}
	if _, err := b.docker.ImageRemove(ctx, pending, image.RemoveOptions{}); err != nil {
		b.logf("warning: remove tag %s: %v", pending, err)
	}
	return nil
}

// realImages maps each release with a real Salt image here to its ref.
func (b *Builder) realImages(ctx context.Context) (map[string]string, error) {
	list, err := b.docker.ImageList(ctx, image.ListOptions{Filters: filters.NewArgs(filters.Arg("label", labels.Flavor+"="+FlavorReal))})
	if err != nil {
		return nil, fmt.Errorf("list real Salt images: %w", err)
	}
	refs := map[string]string{}
	for _, s := range list {
		v := s.Labels[labels.SaltVersion]
		if v == "" {
			continue
		}
		for _, t := range s.RepoTags {
			if t == RealRepo+":"+v {
				refs[v] = t
			}
		}
	}
	return refs, nil
}

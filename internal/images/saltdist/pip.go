package saltdist

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/salt/saltver"
	"github.com/saltlab/saltlab/internal/textclip"
)

// Extras are installed next to Salt: rest_cherrypy, the salt-api backend
// the lab's load balancer fronts, needs CherryPy, which Salt does not
// require itself.
var Extras = []string{"CherryPy"}

// Target is the Python of the image, which wheels must fit: pip downloads
// for it, never for the host's own interpreter.
type Target struct {
	Python string // "3.11"
	Arch   string // "x86_64", "aarch64"
	Glibc  int    // glibc minor version: 2.36 on bookworm
}

// ImageTarget is saltlab/base:bookworm's Python on the host's architecture
// (the engine is local, so the host's GOARCH is the image's).
func ImageTarget(goarch string) Target {
	arch := map[string]string{"amd64": "x86_64", "arm64": "aarch64"}[goarch]
	if arch == "" {
		arch = goarch
	}
	return Target{Python: "3.11", Arch: arch, Glibc: 36}
}

func (t Target) String() string { return "cp" + t.abiDigits() + "-" + t.Arch }

func (t Target) abiDigits() string { return strings.ReplaceAll(t.Python, ".", "") }

// platformArgs restrict pip to wheels the image can load: CPython of its
// version (abi3 and pure wheels too) on every manylinux its glibc accepts.
func (t Target) platformArgs() []string {
	args := []string{"--only-binary=:all:", "--python-version", t.Python, "--implementation", "cp",
		"--abi", "cp" + t.abiDigits(), "--abi", "abi3", "--abi", "none"}
	for minor := t.Glibc; minor >= 5; minor-- {
		args = append(args, "--platform", fmt.Sprintf("manylinux_2_%d_%s", minor, t.Arch))
	}
	// The legacy aliases of manylinux_2_17/2_12/2_5, which older wheels use.
	for _, legacy := range []string{"manylinux2014", "manylinux2010", "manylinux1"} {
		args = append(args, "--platform", legacy+"_"+t.Arch)
	}
	// linux_<arch> is the tag of the wheels compiled in the builder
	// container: pip takes them from --find-links only when it is listed.
	// A package index never serves that tag, so nothing else comes in by it.
	return append(args, "--platform", "linux_"+t.Arch)
}

// RunFunc runs argv and returns its combined output.
type RunFunc func(ctx context.Context, argv []string) (string, error)

// Pip runs the host's pip. Every pip command line saltlab runs on the host
// is built here.
type Pip struct {
	argv []string
	run  RunFunc
}

// ErrNoPip: the host has no working pip, so no wheelhouse can be made here.
var ErrNoPip = errors.New("the host has no pip (python3 -m pip): install Debian's python3-pip, or set SALTLAB_WHEELHOUSE to a wheelhouse prepared on another machine")

// FindPip returns the host's `python3 -m pip`, checking that it runs.
func FindPip(ctx context.Context, run RunFunc) (Pip, error) {
	if run == nil {
		run = runHost
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		return Pip{}, ErrNoPip
	}
	p := Pip{argv: []string{py, "-m", "pip"}, run: run}
	if out, err := p.pip(ctx, "--version"); err != nil {
		first, _ := textclip.FirstLine(out)
		return Pip{}, fmt.Errorf("%w (%s)", ErrNoPip, first)
	}
	return p, nil
}

// NewPip uses argv (e.g. python3 -m pip) with run; for tests and callers
// that found pip themselves.
func NewPip(argv []string, run RunFunc) Pip {
	if run == nil {
		run = runHost
	}
	return Pip{argv: argv, run: run}
}

func (p Pip) pip(ctx context.Context, args ...string) (string, error) {
	argv := append(append([]string{}, p.argv...), args...)
	return p.run(ctx, argv)
}

// Releases lists the Salt releases on the package index pip is configured
// for. An unreachable index is an *IndexError with Unreachable set.
func (p Pip) Releases(ctx context.Context) ([]string, error) {
	out, err := p.pip(ctx, "index", "versions", "salt", "--retries", "1", "--timeout", "20")
	if err != nil {
		return nil, newIndexError("list Salt releases (pip index versions salt)", out, err)
	}
	vs := ParseReleases(out)
	if len(vs) == 0 {
		return nil, newIndexError("list Salt releases (pip index versions salt)", out, errors.New("no versions in pip's answer"))
	}
	return vs, nil
}

// ResolveOnIndex asks the package index which release spec names.
// reached is false when the index could not be asked at all (err says
// why); with reached true, err is the index's answer that it has no such
// release.
func (p Pip) ResolveOnIndex(ctx context.Context, spec Spec) (v saltver.Version, reached bool, err error) {
	rel, err := p.Releases(ctx)
	if err != nil {
		return saltver.Version{}, false, err
	}
	v, err = spec.Resolve(rel)
	return v, true, err
}

// fetchSdist downloads one requirement's source archive, without its
// dependencies, into dir. --no-binary names the project alone: with
// :all: pip would also build the archive's build dependencies from source.
func (p Pip) fetchSdist(ctx context.Context, dir, req string) (string, error) {
	return p.pip(ctx, "download", "--no-deps", "--no-binary", ReqName(req), "--dest", dir, "--retries", "1", "--timeout", "30", req)
}

// buildSaltWheel builds Salt's wheel from its source archive with the
// host's Python: Salt is pure Python, so the wheel fits the image.
// buildConstraints, when set, is a constraints file for the isolated build
// environment (pip reads PIP_CONSTRAINT there too; a --constraint flag
// would only reach the install): it pins the setuptools Salt supports.
func (p Pip) buildSaltWheel(ctx context.Context, dir, sdist, buildConstraints string) (string, error) {
	args := []string{"wheel", "--no-deps", "--wheel-dir", dir, sdist}
	if buildConstraints == "" {
		return p.pip(ctx, args...)
	}
	argv := append([]string{"env", "PIP_CONSTRAINT=" + buildConstraints}, p.argv...)
	return p.run(ctx, append(argv, args...))
}

// download fetches reqs and all their dependencies as wheels for t into
// dir, also looking at the wheels already in dir; constraints, when set,
// is a pip constraints file (Salt's lock).
func (p Pip) download(ctx context.Context, dir, constraints string, t Target, reqs []string) (string, error) {
	args := []string{"download", "--dest", dir, "--find-links", dir, "--retries", "1", "--timeout", "30"}
	if constraints != "" {
		args = append(args, "--constraint", constraints)
	}
	args = append(args, t.platformArgs()...)
	return p.pip(ctx, append(args, reqs...)...)
}

// pipWaitDelay bounds how long a cancelled pip's children may hold its
// output open (exec.Cmd.WaitDelay): an interrupted command returns
// promptly.
const pipWaitDelay = 5 * time.Second

func runHost(ctx context.Context, argv []string) (string, error) {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	// Cancelled, pip is killed; its build subprocesses may hold the output
	// open, and are not waited for beyond this.
	cmd.WaitDelay = pipWaitDelay
	// pip must not ask questions (keyring, proxies) with nobody to answer.
	cmd.Env = append(os.Environ(), "PIP_NO_INPUT=1", "PIP_DISABLE_PIP_VERSION_CHECK=1")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

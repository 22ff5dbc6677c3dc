package images

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/docker/docker/api/types/build"

	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/userfile"
)

// simDockerfile is the simulator's Dockerfile, relative to the repository root.
const simDockerfile = "images/salt-sim/Dockerfile"

// flavorLabels are the labels of a Salt image of the given flavour.
func flavorLabels(flavor string) map[string]string {
	return map[string]string{labels.Flavor: flavor, labels.Managed: "true"}
}

// BuildSim builds the simulator image: the simulator binary, built on the
// host, copied onto the base under every Salt command name. The build has no
// network. The image is tagged with a digest of its inputs (see digestRef) and
// also as SimRef for use by hand; the digest tag is returned, so a run keeps
// the image it built even when another checkout builds a different
// simulator on the same engine at the same time.
//
// With SALTSIM_RELEASE set on the host (EnvSimRelease) the image carries it,
// so the double behaves as that Salt release line; another release is
// another Dockerfile, so another tag.
func (b *Builder) BuildSim(ctx context.Context) (ref string, err error) {
	rel := b.getenv(EnvSimRelease)
	if err := CheckSimRelease(rel); err != nil {
		return "", fmt.Errorf("build simulator: %w", err)
	}
	return b.buildGoImage(ctx, goImage{what: "simulator", dockerfile: simDockerfile, pkg: b.simPackage, bin: "saltsim",
		repo: simRepo, labels: flavorLabels("sim"), extra: simReleaseLines(rel)})
}

// goImage is an image made of a Dockerfile FROM the base plus one Go
// binary built on the host.
type goImage struct {
	what       string // for messages: "simulator"
	dockerfile string // relative to the repository root
	pkg        string // Go package of the binary
	bin        string // binary's name in the build context
	repo       string // image repository; the tag is a digest of the inputs
	labels     map[string]string
	// extra is appended to the Dockerfile (the simulator's release line).
	extra []byte
	// reuse skips the build when the digest tag exists already.
	reuse bool
}

// buildGoImage builds g with no network and returns its digest tag; it is
// also tagged <repo>:latest for use by hand.
func (b *Builder) buildGoImage(ctx context.Context, g goImage) (ref string, err error) {
	// The image is FROM the base: it is made while go builds (ahead.go).
	defer b.scope()()
	b.baseAhead(ctx)
	dockerfile, err := userfile.ReadFile(b.path(g.dockerfile), userfile.Text)
	if err != nil {
		return "", fmt.Errorf("read %s Dockerfile: %w", g.what, err)
	}
	dockerfile = append(dockerfile, g.extra...)
	tmp, err := owned.TempDir("saltlab-" + g.bin + "-")
	if err != nil {
		return "", fmt.Errorf("create build dir: %w", err)
	}
	defer owned.RemoveAll(tmp)
	base, err := b.baseHash()
	if err != nil {
		return "", err
	}
	goBin, err := b.goTool(ctx)
	if err != nil {
		return "", err
	}
	src, err := sourcesDigest(b.root, string(dockerfile), g.pkg, goBin)
	if err != nil {
		return "", err
	}
	srcRef := g.repo + ":src-" + src
	if ref, ok := b.builtFrom(ctx, srcRef, base); ok {
		if _, err := b.EnsureBase(ctx); err != nil {
			return "", err
		}
		b.logf("%s up to date: %s, built from these sources (%s)", g.what, ref, srcRef)
		return ref, nil
	}
	bin := filepath.Join(tmp, g.bin)
	if err := b.goBuild(ctx, goBin, g.what, g.pkg, bin); err != nil {
		return "", err
	}
	if _, err := b.EnsureBase(ctx); err != nil {
		return "", err
	}
	ref, err = digestRef(g.repo, dockerfile, bin)
	if err != nil {
		return "", err
	}
	// The tag names the Dockerfile and binary, not the base under them.
	if g.reuse && b.reusable(ctx, ref, base) {
		return ref, nil
	}
	done := b.phase("build " + ref)
	defer done(&err)
	files := []contextFile{
		{Name: "Dockerfile", Data: dockerfile},
		{Name: g.bin, Path: bin, Mode: 0o755},
	}
	lbls := map[string]string{labels.PackagesHash: base, labels.BuiltRef: ref}
	maps.Copy(lbls, g.labels)
	opts := build.ImageBuildOptions{Labels: lbls, NetworkMode: "none", Tags: []string{g.repo + ":latest", srcRef}}
	if err := b.buildImage(ctx, ref, files, opts); err != nil {
		return "", err
	}
	return ref, nil
}

// builtFrom is the digest tag of the image built from the sources srcRef
// names, on the current base, when it is still on the engine.
func (b *Builder) builtFrom(ctx context.Context, srcRef, base string) (string, bool) {
	have, exists, err := b.imageLabels(ctx, srcRef)
	if err != nil || !exists || onBase(have, base) != "" || have[labels.BuiltRef] == "" {
		return "", false
	}
	if _, exists, err := b.imageLabels(ctx, have[labels.BuiltRef]); err != nil || !exists {
		return "", false
	}
	return have[labels.BuiltRef], true
}

// reusable says whether the image ref exists and was built on the base
// whose packages hash is base; an outdated one is named and rebuilt.
func (b *Builder) reusable(ctx context.Context, ref, base string) bool {
	have, exists, err := b.imageLabels(ctx, ref)
	if err != nil || !exists {
		return false
	}
	if why := onBase(have, base); why != "" {
		b.logf("not reusing %s: %s; rebuilding it", ref, why)
		return false
	}
	return true
}

// digestRef names an image of repo after a digest of its Dockerfile and
// binary, e.g. "saltlab/salt-sim:<12 hex digits>".
func digestRef(repo string, dockerfile []byte, bin string) (string, error) {
	f, err := userfile.Open(bin, userfile.Archive)
	if err != nil {
		return "", fmt.Errorf("hash binary %s: %w", filepath.Base(bin), err)
	}
	defer f.Close()
	h := sha256.New()
	h.Write(dockerfile)
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("hash binary %s: %w", filepath.Base(bin), err)
	}
	return fmt.Sprintf("%s:%x", repo, h.Sum(nil)[:6]), nil
}

// goBuild builds a static Linux binary: the image has no libc guarantees
// we want to depend on, and -trimpath keeps it reproducible so the classic
// builder's COPY cache hits when nothing changed.
func (b *Builder) goBuild(ctx context.Context, goBin, what, pkg, out string) (err error) {
	done := b.phase("go build " + pkg)
	defer done(&err)
	var output bytes.Buffer
	c := command{
		Name: goBin,
		Args: []string{"build", "-trimpath", "-ldflags=-s -w", "-o", out, pkg},
		Dir:  b.root,
		Env:  []string{"CGO_ENABLED=0", "GOOS=linux"},
	}
	if err := b.run(ctx, c, &output); err != nil {
		return fmt.Errorf("build %s %s: %w\n%s", what, pkg, err, bytes.TrimSpace(output.Bytes()))
	}
	return nil
}

// goTool is the go binary to build with, the one make builds with:
// internal/toolchain/ensure-go prints it (the go on PATH when new enough,
// else the toolchain it keeps under .cache/go-toolchain). Without it, run
// by hand without Go on PATH, saltlab failed its first network fault
// mid-run: the chaos helper is built with Go. A root without the script
// (a test's copy of the recipes) uses the go on PATH.
func (b *Builder) goTool(ctx context.Context) (string, error) {
	script := filepath.Join(b.root, "internal", "toolchain", "ensure-go")
	if _, err := os.Stat(script); err != nil {
		return "go", nil
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, script)
	cmd.WaitDelay = stopGrace // ensure-go's apt-get and dpkg-deb may hold the pipes a moment
	cmd.Dir = b.root
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("find go with %s: %w: %s", script, err, bytes.TrimSpace(stderr.Bytes()))
	}
	path := strings.TrimSpace(stdout.String())
	if path == "" {
		return "", fmt.Errorf("find go with %s: it printed no path: %s", script, bytes.TrimSpace(stderr.Bytes()))
	}
	return path, nil
}

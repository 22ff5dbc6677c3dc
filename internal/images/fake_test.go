package images

import (
	"archive/tar"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/build"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/client"
	dockerspec "github.com/moby/docker-image-spec/specs-go/v1"
	ocispec "github.com/opencontainers/image-spec/specs-go/v1"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/images/saltdist"
)

// buildCall records one ImageBuild: options and the context's entries.
type buildCall struct {
	opts  build.ImageBuildOptions
	files map[string]string // name -> content ("" for directories)
	// labels are the image's labels as the daemon would set them: the
	// Dockerfile's LABEL lines (foldLabels puts saltlab's there), then
	// opts.Labels.
	labels map[string]string
}

// dockerfileLabels reads the LABEL lines of a Dockerfile whose pairs are
// written as foldLabels writes them: "key"="value", space-separated.
func dockerfileLabels(df string) map[string]string {
	out := map[string]string{}
	for _, l := range strings.Split(df, "\n") {
		rest, ok := strings.CutPrefix(l, "LABEL ")
		if !ok {
			continue
		}
		for _, m := range labelPair.FindAllStringSubmatch(rest, -1) {
			out[m[1]] = m[2]
		}
	}
	return out
}

var labelPair = regexp.MustCompile(`"([^"]*)"="([^"]*)"`)

// fakeDocker is an in-memory image store implementing Docker.
type fakeDocker struct {
	mu         sync.Mutex
	images     map[string]map[string]string // ref -> labels
	failBuild  func(buildCall) string       // non-empty: error message in the build stream
	dropLabels bool                         // import ignores LABEL changes
	cached     bool                         // builds come from Docker's cache: no step prints
	builds     []buildCall
	imports    []image.ImportOptions
	imported   []string // tar entry names of the last import
}

func newFakeDocker() *fakeDocker {
	return &fakeDocker{images: map[string]map[string]string{}, failBuild: func(buildCall) string { return "" }}
}

func (f *fakeDocker) ImageInspect(_ context.Context, ref string, _ ...client.ImageInspectOption) (image.InspectResponse, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	lbls, ok := f.images[ref]
	if !ok {
		return image.InspectResponse{}, fmt.Errorf("no such image: %s: %w", ref, cerrdefs.ErrNotFound)
	}
	cfg := &dockerspec.DockerOCIImageConfig{ImageConfig: ocispec.ImageConfig{Labels: lbls}}
	return image.InspectResponse{ID: "sha256:" + ref, Config: cfg}, nil
}

func (f *fakeDocker) ImageBuild(_ context.Context, buildContext io.Reader, opts build.ImageBuildOptions) (build.ImageBuildResponse, error) {
	files, err := readTar(buildContext)
	if err != nil {
		return build.ImageBuildResponse{}, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	call := buildCall{opts: opts, files: files, labels: dockerfileLabels(files[cmp.Or(opts.Dockerfile, "Dockerfile")])}
	maps.Copy(call.labels, opts.Labels)
	f.builds = append(f.builds, call)
	ref := opts.Tags[0]
	if msg := f.failBuild(call); msg != "" {
		// As the daemon does: the RUN step's output, then the error.
		out, _ := json.Marshal(map[string]string{"stream": "Step 1/2 : FROM x\n" + msg + "\n"})
		body := fmt.Sprintf(`%s`+"\n"+`{"errorDetail":{"message":%q},"error":%q}`+"\n", out, msg, msg)
		return build.ImageBuildResponse{Body: io.NopCloser(strings.NewReader(body))}, nil
	}
	lbls := map[string]string{}
	for k, v := range f.images[ref] {
		lbls[k] = v
	}
	maps.Copy(lbls, call.labels)
	// As the daemon does: every tag names the image built.
	for _, tag := range opts.Tags {
		f.images[tag] = lbls
	}
	body := `{"stream":"Successfully built 0123\n"}` + "\n"
	if req := opts.BuildArgs["SALT_REQUIREMENT"]; req != nil && !f.cached {
		// install-salt's last line: a line resolves to its release .5.
		v := strings.Replace(strings.TrimPrefix(*req, "salt=="), ".*", ".5", 1)
		body = `{"stream":"saltlab: installing\nSALTLAB_SALT_VERSION=` + v + `\n"}` + "\n" + body
	}
	return build.ImageBuildResponse{Body: io.NopCloser(strings.NewReader(body))}, nil
}

func (f *fakeDocker) ImageImport(_ context.Context, src image.ImportSource, ref string, opts image.ImportOptions) (io.ReadCloser, error) {
	files, err := readTar(src.Source)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.imports = append(f.imports, opts)
	f.imported = f.imported[:0]
	for name := range files {
		f.imported = append(f.imported, name)
	}
	lbls := map[string]string{}
	for _, c := range opts.Changes {
		if rest, ok := strings.CutPrefix(c, "LABEL "); ok && !f.dropLabels {
			k, v, _ := strings.Cut(rest, "=")
			k, _ = strconv.Unquote(k)
			v, _ = strconv.Unquote(v)
			lbls[k] = v
		}
	}
	f.images[ref] = lbls
	return io.NopCloser(strings.NewReader(`{"status":"sha256:feed"}` + "\n")), nil
}

func (f *fakeDocker) ImageList(_ context.Context, opts image.ListOptions) ([]image.Summary, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []image.Summary
	for ref, lbls := range f.images {
		ok := true
		for _, want := range opts.Filters.Get("label") {
			k, v, _ := strings.Cut(want, "=")
			ok = ok && lbls[k] == v
		}
		if ok {
			out = append(out, image.Summary{RepoTags: []string{ref}, Labels: lbls})
		}
	}
	return out, nil
}

func (f *fakeDocker) ImageRemove(_ context.Context, ref string, _ image.RemoveOptions) ([]image.DeleteResponse, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.images[ref]; !ok {
		return nil, fmt.Errorf("no such image: %s: %w", ref, cerrdefs.ErrNotFound)
	}
	delete(f.images, ref)
	return []image.DeleteResponse{{Untagged: ref}}, nil
}

// failFrom fails builds whose Dockerfile starts FROM from, like a daemon
// without a registry and without that image.
func failFrom(from, msg string) func(buildCall) string {
	return func(c buildCall) string {
		if strings.Contains(c.files["Dockerfile"], "\nFROM "+from+"\n") || strings.HasPrefix(c.files["Dockerfile"], "FROM "+from+"\n") {
			return msg
		}
		return ""
	}
}

func readTar(r io.Reader) (map[string]string, error) {
	files := map[string]string{}
	tr := tar.NewReader(r)
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return files, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read tar: %w", err)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, fmt.Errorf("read tar: %w", err)
		}
		files[hdr.Name] = string(b)
	}
}

// fakeHost replaces the host side: commands, root check, mirror lookup.
type fakeHost struct {
	mu       sync.Mutex
	commands []command
	rootfs   string
	failGo   bool
}

// record notes a command the host was asked to run.
func (h *fakeHost) record(c command) {
	h.mu.Lock()
	h.commands = append(h.commands, c)
	h.mu.Unlock()
}

// count is how many commands named name (or ending in it) ran.
func (h *fakeHost) count(name string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, c := range h.commands {
		if strings.HasSuffix(c.Name, name) {
			n++
		}
	}
	return n
}

func (h *fakeHost) run(_ context.Context, c command, out io.Writer) error {
	h.record(c)
	switch {
	case c.Name == "go":
		if h.failGo {
			fmt.Fprintln(out, "main.go:1: syntax error")
			return errors.New("exit status 1")
		}
		for i, a := range c.Args {
			if a == "-o" {
				return os.WriteFile(c.Args[i+1], []byte("#!fake binary"), 0o755)
			}
		}
		return errors.New("go build without -o")
	case strings.HasSuffix(c.Name, "debootstrap"):
		rootfs := c.Args[3]
		h.mu.Lock()
		h.rootfs = rootfs
		h.mu.Unlock()
		for _, p := range []string{"etc/os-release", "var/cache/apt/archives/bash.deb", "var/lib/apt/lists/x_Packages", "var/cache/apt/pkgcache.bin"} {
			full := filepath.Join(rootfs, p)
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(full, []byte("x"), 0o644); err != nil {
				return err
			}
		}
		fmt.Fprintln(out, "I: Retrieving bash")
		fmt.Fprintln(out, "I: Base system installed successfully.")
		return nil
	}
	return fmt.Errorf("unexpected command %s", c)
}

// newTestBuilder returns a Builder over a temp repository with the real
// images/ files copied in, a fake daemon and a fake host.
func newTestBuilder(t *testing.T, env map[string]string) (*Builder, *fakeDocker, *fakeHost, *strings.Builder) {
	t.Helper()
	root := t.TempDir()
	for _, rel := range []string{packagesFile, wheelBuilderPackages, baseDockerfile, simDockerfile, realDir + "/Dockerfile", realDir + "/install-salt", realDir + "/" + realOptionsScript} {
		src, err := os.ReadFile(filepath.Join("..", "..", rel))
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Join(root, filepath.Dir(rel)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(root, rel), src, 0o644))
	}
	require.NoError(t, os.MkdirAll(filepath.Join(root, realDebsDir), 0o755))
	docker, host, log := newFakeDocker(), &fakeHost{}, &strings.Builder{}
	b := NewBuilder(docker, root, log, WithGetenv(func(k string) string { return env[k] }),
		WithPip(func(context.Context) (saltdist.Pip, error) { return saltdist.Pip{}, saltdist.ErrNoPip }))
	b.run = host.run
	b.lookPath = func(name string) (string, error) { return "/usr/sbin/" + name, nil }
	b.geteuid = func() int { return 0 }
	b.mirror = func(context.Context, string) (string, error) { return "http://mirror.example.invalid/debian", nil }
	return b, docker, host, log
}

// currentHash is the packages hash of the test repository's list.
func currentHash(t *testing.T, b *Builder) string {
	t.Helper()
	list, err := b.readPackages()
	require.NoError(t, err)
	return list.hash
}

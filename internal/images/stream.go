package images

import (
	"bytes"
	"context"
	"fmt"
	"io"

	cerrdefs "github.com/containerd/errdefs"
	"github.com/docker/docker/api/types/build"
	"github.com/docker/docker/pkg/jsonmessage"
)

// buildImage runs a classic-builder (V1) build of the context files, tags
// it ref (first) plus any tags already in opts, and streams its output to
// the log. V1 because its stream is plain text that reads well in CI
// logs, and it needs no BuildKit session on the 20.10 daemon.
func (b *Builder) buildImage(ctx context.Context, ref string, files []contextFile, opts build.ImageBuildOptions) error {
	return b.buildImageTo(ctx, ref, files, opts, b.log)
}

// buildImageTo is buildImage with the build output going to out. The
// labels of opts go into the Dockerfile as one LABEL instruction
// (foldLabels): the classic builder makes a step of each label it is
// handed, and every step is a container created and committed, 4-12 s
// each on the fuse-overlayfs engines this runs on (measured on real
// Salt's image, 2026-12-06).
func (b *Builder) buildImageTo(ctx context.Context, ref string, files []contextFile, opts build.ImageBuildOptions, out io.Writer) error {
	if opts.Dockerfile == "" {
		opts.Dockerfile = "Dockerfile"
	}
	files, err := foldLabels(files, opts.Dockerfile, opts.Labels)
	if err != nil {
		return fmt.Errorf("build image %s: %w", ref, err)
	}
	opts.Labels = nil
	buildContext := contextTar(files)
	defer buildContext.Close()
	opts.Tags = append([]string{ref}, opts.Tags...)
	opts.Version = build.BuilderV1
	opts.Remove = true
	opts.ForceRemove = true
	resp, err := b.docker.ImageBuild(ctx, buildContext, opts)
	if err != nil {
		return fmt.Errorf("build image %s: %w", ref, err)
	}
	defer resp.Body.Close()
	if err := jsonmessage.DisplayJSONMessagesStream(resp.Body, plainWriter{out}, 0, false, nil); err != nil {
		return fmt.Errorf("build image %s: %w", ref, err)
	}
	return nil
}

// imageLabels returns the labels of ref, or ok=false if it does not exist.
func (b *Builder) imageLabels(ctx context.Context, ref string) (map[string]string, bool, error) {
	info, err := b.docker.ImageInspect(ctx, ref)
	if isNotFound(err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("inspect image %s: %w", ref, err)
	}
	if info.Config == nil {
		return map[string]string{}, true, nil
	}
	return info.Config.Labels, true, nil
}

// isNotFound matches the daemon's 404 for a missing image.
func isNotFound(err error) bool {
	return err != nil && cerrdefs.IsNotFound(err)
}

// plainWriter drops the ANSI colour codes the classic builder wraps around
// RUN stderr; logs are files and CI pages, not terminals. jsonmessage
// writes each message in one call, so sequences are never split.
type plainWriter struct{ w io.Writer }

func (p plainWriter) Write(b []byte) (int, error) {
	if bytes.IndexByte(b, 0x1b) < 0 {
		return p.w.Write(b)
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == 0x1b && i+1 < len(b) && b[i+1] == '[' {
			j := i + 2
			for j < len(b) && (b[j] == ';' || (b[j] >= '0' && b[j] <= '9')) {
				j++
			}
			if j < len(b) && b[j] == 'm' {
				i = j
				continue
			}
		}
		out = append(out, b[i])
	}
	if _, err := p.w.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}

package images

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"sort"
	"strings"

	"github.com/docker/docker/api/types/build"
	"github.com/docker/docker/api/types/image"
	"github.com/docker/docker/pkg/jsonmessage"
)

// importChanges are the Dockerfile instructions applied on import. Engine
// 20.10 accepts LABEL here (measured), which saves a relabel build.
func importChanges(lbls map[string]string) []string {
	changes := []string{
		`CMD ["bash"]`,
		"ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
	}
	keys := make([]string, 0, len(lbls))
	for k := range lbls {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		changes = append(changes, fmt.Sprintf("LABEL %q=%q", k, lbls[k]))
	}
	return changes
}

// tarCommand streams the rootfs. GNU tar rather than archive/tar because it
// already gets hard links, device nodes, numeric owners and file
// capabilities (xattrs) right.
func tarCommand(ctx context.Context, rootfs string) *exec.Cmd {
	return exec.CommandContext(ctx, "tar", "--numeric-owner", "--xattrs", "--xattrs-include=*",
		"-C", rootfs, "-cf", "-", ".")
}

// importRootfs streams a tar of rootfs into the daemon as ref and makes
// sure the labels landed.
func (b *Builder) importRootfs(ctx context.Context, ref, rootfs string, list packageList) (err error) {
	done := b.phase("import rootfs as " + ref)
	defer done(&err)

	cmd := tarCommand(ctx, rootfs)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("import rootfs: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("import rootfs: start tar: %w", err)
	}
	lbls := baseLabels(list)
	opts := image.ImportOptions{Changes: importChanges(lbls), Message: "saltlab base: debootstrap " + Suite + " minbase"}
	resp, importErr := b.docker.ImageImport(ctx, image.ImportSource{Source: stdout, SourceName: "-"}, ref, opts)
	if importErr == nil {
		importErr = jsonmessage.DisplayJSONMessagesStream(resp, b.log, 0, false, nil)
		resp.Close()
	}
	// Closing our end makes tar exit on a failed import instead of
	// blocking forever on a full pipe.
	_ = stdout.Close()
	tarErr := cmd.Wait()
	if importErr != nil {
		return fmt.Errorf("import rootfs: %w", importErr)
	}
	if tarErr != nil {
		return fmt.Errorf("import rootfs: tar: %w: %s", tarErr, strings.TrimSpace(stderr.String()))
	}
	return b.ensureLabels(ctx, ref, lbls)
}

// ensureLabels adds lbls to ref with a one-line classic build when the
// daemon ignored LABEL in the import changes (older engines do).
func (b *Builder) ensureLabels(ctx context.Context, ref string, want map[string]string) error {
	have, exists, err := b.imageLabels(ctx, ref)
	if err != nil {
		return err
	}
	if !exists {
		return fmt.Errorf("import rootfs: image %s missing after import", ref)
	}
	missing := false
	for k, v := range want {
		if have[k] != v {
			missing = true
		}
	}
	if !missing {
		return nil
	}
	b.logf("daemon ignored LABEL on import: relabelling %s with a build", ref)
	files := []contextFile{{Name: "Dockerfile", Data: []byte("FROM " + ref + "\n")}}
	return b.buildImage(ctx, ref, files, build.ImageBuildOptions{Labels: want, NetworkMode: "none"})
}

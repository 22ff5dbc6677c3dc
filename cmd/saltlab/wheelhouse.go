package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/run/ops"
	"github.com/saltlab/saltlab/internal/usage"
)

// cmdWheelhouse fills a wheelhouse for SALTLAB_WHEELHOUSE: run it on a
// machine that reaches the package index, carry the folder to an
// air-gapped one.
func cmdWheelhouse(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("wheelhouse", "wheelhouse --dir DIR [--salt-version 3008] [--arch amd64]: download real Salt's wheels for the image's Python", errOut)
	var version string
	saltVersionFlag(fs, &version)
	dir := fs.String("dir", "", "folder to fill (required): a new or empty one, or one this command made before, which it replaces; then SALTLAB_WHEELHOUSE=DIR on the host that builds the image")
	arch := fs.String("arch", runtime.GOARCH, "Docker host architecture the image runs on: amd64 or arm64")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if err := checkSaltVersion(version); err != nil {
		return err
	}
	spec, err := saltdist.ParseSpec(version)
	if err != nil {
		return usage.Wrap(err)
	}
	if strings.TrimSpace(*dir) == "" {
		return usage.Errorf("wheelhouse: --dir is required: the folder to fill, e.g. --dir ./salt-wheels")
	}
	if *arch != "amd64" && *arch != "arm64" {
		return usage.Errorf("wheelhouse: --arch %q: want amd64 or arm64", *arch)
	}
	// saltlab replaces the folder when it is done: it must be a new one,
	// an empty one or one saltlab made, checked before any work.
	target, err := owned.Root(*dir)
	if err == nil {
		err = saltdist.CheckFolders(target)
	}
	if err != nil {
		return usage.Errorf("wheelhouse --dir: %w (saltlab fills a folder of its own and replaces it when done)", err)
	}
	v, err := ops.Wheelhouse(ctx, spec, target, *arch, out)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "done: SALTLAB_WHEELHOUSE=%s saltlab run --salt real --salt-version %s\n", *dir, v)
	return nil
}

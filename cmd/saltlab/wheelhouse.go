package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/saltlab/saltlab/internal/run/ops"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/usage"
)

// cmdWheelhouse fills a wheelhouse for SALTLAB_WHEELHOUSE: run it on a
// machine that reaches the package index, carry the folder to an
// air-gapped one.
func cmdWheelhouse(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("wheelhouse", "wheelhouse --dir DIR [--salt-version 3008] [--arch amd64]: download real Salt's wheels for the image's Python", errOut)
	var version string
	settings.SaltVersionFlag(fs, &version)
	dir := fs.String("dir", "", "folder to fill (required): a new or empty one, or one this command made before, which it replaces; then SALTLAB_WHEELHOUSE=DIR on the host that builds the image")
	arch := fs.String("arch", runtime.GOARCH, "Docker host architecture the image runs on: amd64 or arm64")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if err := settings.CheckSaltVersion(version); err != nil {
		return err
	}
	if strings.TrimSpace(*dir) == "" {
		return usage.Errorf("wheelhouse: --dir is required: the folder to fill, e.g. --dir ./salt-wheels")
	}
	if *arch != "amd64" && *arch != "arm64" {
		return usage.Errorf("wheelhouse: --arch %q: want amd64 or arm64", *arch)
	}
	v, err := ops.Wheelhouse(ctx, version, *dir, *arch, out)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "done: SALTLAB_WHEELHOUSE=%s saltlab run --salt real --salt-version %s\n", *dir, v)
	return nil
}

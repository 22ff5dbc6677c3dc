package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/saltlab/saltlab/internal/saltdist"
)

// cmdWheelhouse fills a wheelhouse for SALTLAB_WHEELHOUSE: run it on a
// machine that reaches the package index, carry the folder to an
// air-gapped one.
func cmdWheelhouse(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("wheelhouse", flag.ContinueOnError)
	fs.SetOutput(out)
	var version string
	saltVersionFlag(fs, &version)
	dir := fs.String("dir", "", "folder to fill (required); then SALTLAB_WHEELHOUSE=DIR on the host that builds the image")
	arch := fs.String("arch", runtime.GOARCH, "Docker host architecture the image runs on: amd64 or arm64")
	fs.Usage = func() {
		fmt.Fprintln(out, "usage: saltlab wheelhouse --dir DIR [--salt-version 3008] [--arch amd64]: download real Salt's wheels for the image's Python")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return usageErr(err)
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("wheelhouse: unexpected arguments %v", fs.Args())}
	}
	spec, err := saltdist.ParseSpec(version)
	if err != nil {
		return usageError{err}
	}
	if strings.TrimSpace(*dir) == "" {
		return usageError{fmt.Errorf("wheelhouse: --dir is required: the folder to fill, e.g. --dir ./salt-wheels")}
	}
	if *arch != "amd64" && *arch != "arm64" {
		return usageError{fmt.Errorf("wheelhouse: --arch %q: want amd64 or arm64", *arch)}
	}
	pip, err := saltdist.FindPip(ctx, nil)
	if err != nil {
		return err
	}
	v, ok := spec.Exact()
	if rel, err := pip.Releases(ctx); err == nil {
		if v, err = spec.Resolve(rel); err != nil {
			return err
		}
	} else if !ok {
		return fmt.Errorf("resolve salt %s: %w", spec, err)
	}
	target := saltdist.ImageTarget(*arch)
	fmt.Fprintf(out, "filling %s with Salt %s for %s ...\n", *dir, v, target)
	if err := saltdist.Prepare(ctx, pip, *dir, v, target); err != nil {
		return err
	}
	fmt.Fprintf(out, "done: SALTLAB_WHEELHOUSE=%s saltlab run --salt real --salt-version %s\n", *dir, v)
	return nil
}

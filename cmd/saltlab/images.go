package main

import (
	"context"
	"fmt"
	"io"

	"github.com/saltlab/saltlab/internal/run/ops"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/swarm"
)

func cmdImages(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("images", "images [--salt auto|real|sim] [--salt-version 3008|3007.8] [--salt-refresh] [--swarm]", errOut)
	flavor := fs.String("salt", settings.EnvOr("SALT", "auto"), "Salt flavour: auto, real or sim (env SALT)")
	var saltVersion string
	settings.SaltVersionFlag(fs, &saltVersion)
	var refresh bool
	saltRefreshFlag(fs, &refresh)
	root := fs.String("root", ".", "saltlab checkout")
	node := fs.Bool("swarm", false, "also build the swarm node image ("+swarm.NodeImage+", docs/swarm.md)")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if err := settings.CheckImages(*flavor, saltVersion, *root); err != nil {
		return err
	}
	base, f, err := ops.Images(ctx, *root, *flavor, saltVersion, refresh, out)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "base image: %s\nsalt image: %s (flavour %s)\n", base, f.Image, f.Name)
	if f.IsReal() {
		fmt.Fprintf(out, "salt:       %s, installed by route %s\n", f.Version, f.Route)
	}
	if f.Reason != "" {
		fmt.Fprintf(out, "note: %s\n", f.Reason)
	}
	if *node {
		ref, err := swarm.BuildNodeImage(ctx, *root, out)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "swarm node: %s\n", ref)
	}
	return nil
}

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/usage"
)

func cmdDown(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("down", "down (--run ID | --all)", errOut)
	run := fs.String("run", "", "remove the resources of this run id")
	all := fs.Bool("all", false, "remove the resources of every saltlab run on this engine")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if (*run == "") == !*all {
		return usage.Errorf("down: give exactly one of --run ID or --all")
	}
	match := map[string]string{labels.Managed: "true"}
	if *run != "" {
		if err := labels.ValidateRunID(*run); err != nil {
			return err
		}
		match = map[string]string{labels.Run: *run}
	}
	root, err := runstate.PrivateRoot(os.Getenv)
	if err != nil {
		return err
	}
	cli, err := dockerx.New(ctx)
	if err != nil {
		return err
	}
	defer cli.Close()
	sw, err := lab.Sweep(context.WithoutCancel(ctx), cli, match)
	fmt.Fprintf(out, "removed %s\n", sw)
	if err != nil {
		return err
	}
	// The labs' secrets and config copies go with them.
	dirs := []string{filepath.Join(root, *run)}
	if *all {
		dirs, _ = filepath.Glob(filepath.Join(root, "*"))
	}
	removed := 0
	for _, d := range dirs {
		if _, serr := os.Stat(d); serr == nil {
			removed++
		}
		if err := runstate.RemovePrivate(d); err != nil {
			return err
		}
	}
	if *run != "" && sw == (lab.Swept{}) && removed == 0 {
		return fmt.Errorf("down --run %s: nothing on this engine carries that run id, so nothing was removed (list saltlab containers with `docker ps -a --filter label=%s=true`)", *run, labels.Managed)
	}
	return nil
}

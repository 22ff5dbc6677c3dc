package main

import (
	"context"
	"io"

	"github.com/saltlab/saltlab/internal/run/ops"
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
	return ops.Down(ctx, *run, out)
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/saltlab/saltlab/internal/dockerx"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/labels"
)

func cmdDown(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("down", flag.ContinueOnError)
	fs.SetOutput(out)
	run := fs.String("run", "", "remove the resources of this run id")
	all := fs.Bool("all", false, "remove the resources of every saltlab run on this engine")
	if err := fs.Parse(args); err != nil {
		return usageErr(err)
	}
	if (*run == "") == !*all {
		return usageError{fmt.Errorf("down: give exactly one of --run ID or --all")}
	}
	match := map[string]string{labels.Managed: "true"}
	if *run != "" {
		if err := labels.ValidateRunID(*run); err != nil {
			return usageError{err}
		}
		match = map[string]string{labels.Run: *run}
	}
	cli, err := dockerx.New(ctx)
	if err != nil {
		return err
	}
	defer cli.Close()
	sw, err := lab.Sweep(context.WithoutCancel(ctx), cli, match)
	fmt.Fprintf(out, "removed %+v\n", sw)
	return err
}

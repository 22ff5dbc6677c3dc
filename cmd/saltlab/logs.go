package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
)

func cmdLogs(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("logs", flag.ContinueOnError)
	fs.SetOutput(out)
	run := fs.String("run", "", "run id (default: the only live run under --reports)")
	reports := fs.String("reports", "reports", "directory holding reports/<run id>/run.json")
	tail := fs.Int("tail", 0, "only the last N lines of each service (0 = all)")
	fs.Usage = func() {
		fmt.Fprintln(out, "usage: saltlab logs [--run ID] [--tail N] [SERVICE...] (default: every service)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return usageErr(err)
	}
	if *tail < 0 {
		return usageError{fmt.Errorf("logs: --tail %d: want 0 or more", *tail)}
	}
	l, _, closer, err := openRun(ctx, *reports, *run)
	if err != nil {
		return err
	}
	defer closer.Close()
	services := fs.Args()
	if len(services) == 0 {
		services = l.Services()
	}
	for _, s := range services {
		text, err := l.Logs(ctx, s, *tail)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "==> %s (%s) <==\n", s, l.ContainerName(s))
		if text != "" {
			fmt.Fprintln(out, strings.TrimRight(text, "\n"))
		}
	}
	return nil
}

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/saltlab/saltlab/internal/runner"
)

func cmdRun(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(out)
	cfg := runner.Config{Log: out}
	labFlags(fs, &cfg)
	fs.StringVar(&cfg.Tags, "tags", "", "godog tag expression, e.g. '~@wip'")
	fs.BoolVar(&cfg.Keep, "keep", false, "leave the lab running after the scenarios")
	timeout := fs.Duration("timeout", 0, "abort the run after this long (0 = no limit); cleanup still runs")
	fs.Usage = func() {
		fmt.Fprintln(out, "usage: saltlab run [flags] [feature paths...] (default: features/)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return usageErr(err)
	}
	cfg.Features = fs.Args()
	if len(cfg.Features) == 0 {
		cfg.Features = []string{cfg.RepoRoot + "/features"}
	}
	if err := checkLabFlags(cfg); err != nil {
		return err
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	res, err := runner.Run(ctx, cfg)
	if res.RunDir != "" {
		fmt.Fprintf(out, "\nreports: %s/junit.xml, %s/report.html, %s/summary.json\n", res.RunDir, res.RunDir, res.RunDir)
	}
	if errors.Is(err, runner.ErrScenariosFailed) {
		return fmt.Errorf("%w (see %s/report.html)", err, res.RunDir)
	}
	return err
}

func checkFlavor(f string) error {
	switch f {
	case "auto", "real", "sim":
		return nil
	}
	return usageError{fmt.Errorf("unknown Salt flavour %q: want auto, real or sim", f)}
}

func usageErr(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return err
	}
	return usageError{err}
}

func envOr(key, def string) string {
	if v := strings.TrimSpace(os.Getenv(key)); v != "" {
		return v
	}
	return def
}

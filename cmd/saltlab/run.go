package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/saltlab/saltlab/internal/run/runner"
	"github.com/saltlab/saltlab/internal/run/settings"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

func cmdRun(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("run", "run [flags] [feature paths...] (default: features/)", errOut)
	cfg := settings.Config{Log: out}
	labFlags(fs, &cfg)
	fs.StringVar(&cfg.Tags, "tags", "", "tag expression narrowing the topology's scenarios: '~@wip' or 'not @wip', '(@a or @b) and not @c'")
	fs.BoolVar(&cfg.Keep, "keep", false, "leave the lab running after the scenarios")
	valid.DurationFlag(fs, &cfg.Timeout, "timeout", "no limit", "abort the run after this long, e.g. 30m (0 = no limit); cleanup still runs")
	fs.BoolVar(&cfg.AllowUnknown, "allow-unknown", false, allowUnknownHelp)
	fs.BoolVar(&cfg.Verbose, "v", false, "print the plumbing too: each container's bring-up, the internal commands and their restarts, every step and where it is defined (the run folder's console.log keeps them either way)")
	valid.IntFlag(fs, &cfg.Parallel, "parallel", 1, settings.MaxLabs, "want 1 lab or more; leave it out for what this machine's cores and memory allow",
		"number of labs of the topology that run the selected scenarios at once, a feature file each at a time (default: one per core, as many as memory holds for the flavour; docs/commands.md)")
	paths, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	cfg.Features = paths
	if len(cfg.Features) == 0 {
		cfg.Features = []string{cfg.RepoRoot + "/features"}
	}
	if err := cfg.Complete(); err != nil {
		return err
	}
	if err := checkSwarm(&cfg); err != nil {
		return err
	}
	res, err := runner.Run(ctx, cfg)
	if len(res.Reports) > 0 {
		fmt.Fprintf(out, "\nreports: %s\n", strings.Join(res.Reports, ", "))
	}
	if errors.Is(err, runner.ErrScenariosFailed) {
		return fmt.Errorf("%w (see %s/report.html)", err, res.RunDir)
	}
	return err
}

func usageErr(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return err
	}
	return usage.Wrap(err)
}

package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/saltlab/saltlab/internal/usage"
)

func cmdLogs(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("logs", "logs [--run ID] [--tail N] [SERVICE...] (default: every service)", errOut)
	var rf runFlag
	rf.register(fs)
	tail := new(int)
	intFlag(fs, tail, "tail", 0, math.MaxInt, "want 0 or more lines (0 = all)", "only the last N lines of each service (0 = all)")
	services, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	l, _, _, closer, err := openRun(ctx, rf)
	if err != nil {
		return err
	}
	defer closer.Close()
	if err := knownServices(l.Services(), services...); err != nil {
		return err
	}
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

// knownServices is a usage error naming the first of names the lab does not
// have, and the services it has.
func knownServices(have []string, names ...string) error {
	for _, n := range names {
		if slices.Contains(have, n) {
			continue
		}
		if len(have) == 0 {
			return fmt.Errorf("unknown service %q: this run has no containers on the engine", n)
		}
		return usage.Errorf("unknown service %q: this lab has %s", n, strings.Join(have, ", "))
	}
	return nil
}

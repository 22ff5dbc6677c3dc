package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/saltlab/saltlab/internal/run/ops"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

func cmdLogs(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("logs", "logs [--run ID] [--tail N] [SERVICE...] (default: every service)", errOut)
	var rf runFlag
	rf.register(fs)
	tail := new(int)
	valid.IntFlag(fs, tail, "tail", 0, math.MaxInt, "want 0 or more lines (0 = all)", "only the last N lines of each service (0 = all)")
	services, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	logs, err := ops.Logs(ctx, rf.Which, *tail, services...)
	for _, s := range logs {
		fmt.Fprintf(out, "==> %s (%s) <==\n", s.Service, s.Container)
		if s.Text != "" {
			fmt.Fprintln(out, strings.TrimRight(s.Text, "\n"))
		}
	}
	return err
}

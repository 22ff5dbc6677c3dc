package main

import (
	"context"
	"io"

	"github.com/saltlab/saltlab/internal/run/ops"
	"github.com/saltlab/saltlab/internal/usage"
)

// cmdHeal undoes a run's faults twice over: it replays the ledger (newest
// first, with the data each fault recorded before it acted), then sweeps by
// label for what a ledger cannot hold (a runner SIGKILLed between writing a
// line and the next): helpers with their chains, qdiscs and proxies, paused
// containers, stopped processes, exited daemons.
func cmdHeal(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("heal", "heal [--run ID | --all]", errOut)
	var rf runFlag
	rf.register(fs)
	all := fs.Bool("all", false, "heal every run under --reports whose lab is on the engine (faults left in the ledger of a removed lab are closed as stale)")
	root := fs.String("root", ".", "saltlab checkout (to build the chaos helper image if a helper must be recreated)")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if rf.ID != "" && *all {
		return usage.Errorf("heal: give at most one of --run ID or --all")
	}
	return ops.Heal(ctx, rf.Which, *all, *root, out)
}

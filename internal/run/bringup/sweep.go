package bringup

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/access"
	"github.com/saltlab/saltlab/internal/run/settings"
)

// sweepStale removes what runs whose runner died (e.g. SIGKILL) left behind.
// It returns the runs that still have resources afterwards.
// Their private dirs (under stateDir) go with them.
func sweepStale(ctx context.Context, cli *client.Client, stateDir string, log io.Writer) map[string]string {
	owners, err := lab.RunOwners(ctx, cli)
	if err != nil {
		fmt.Fprintf(log, "warning: look for leftovers of earlier runs: %v\n", err)
		return nil
	}
	for _, id := range lab.StaleRuns(owners) {
		sw, err := lab.Sweep(ctx, cli, map[string]string{labels.Run: id})
		if err != nil {
			fmt.Fprintf(log, "warning: sweep leftovers of run %s: %v\n", id, err)
			continue
		}
		delete(owners, id)
		if err := runstate.RemovePrivate(filepath.Join(stateDir, id)); err != nil {
			fmt.Fprintf(log, "warning: sweep leftovers of run %s: %v\n", id, err)
		}
		fmt.Fprintf(log, "swept leftovers of dead run %s: %+v\n", id, sw)
	}
	return owners
}

// claimRunID sweeps what runs whose runner died left behind, then refuses
// a run id that still has a lab on the engine: bringing it up again would
// fail and the cleanup would then remove the existing lab, which carries
// the same labels.
func claimRunID(ctx context.Context, cli *client.Client, cfg *settings.Config, log io.Writer) error {
	access.SweepSwarms(ctx, cli, log)
	if _, taken := sweepStale(ctx, cli, cfg.StateDir, log)[cfg.RunID]; taken {
		return fmt.Errorf("run id %s already has a lab on this engine: choose another --run-id, or remove it with `saltlab down --run %s`", cfg.RunID, cfg.RunID)
	}
	return nil
}

// ClaimRunID is claimRunID for a run of several labs, once, before any of
// them starts: each lab's bring-up would see the others as taking its id.
func ClaimRunID(ctx context.Context, cfg *settings.Config) error {
	cli, err := dockerx.New(ctx)
	if err != nil {
		return err
	}
	defer cli.Close()
	return claimRunID(ctx, cli, cfg, cfg.Log)
}

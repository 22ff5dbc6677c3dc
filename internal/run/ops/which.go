package ops

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/run/access"
	"github.com/saltlab/saltlab/internal/usage"
)

// Which names a run of an existing lab: --run and --reports, which every
// command acting on one shares, so that they all choose it by one rule
// (runstate.Pick).
type Which struct {
	ID      string // run id; empty: the only live run under Reports
	Reports string // directory holding reports/<run id>/run.json
}

// Check validates w without touching Docker. --reports must be a folder
// saltlab may keep run folders in (owned.Root), not a file.
func (w Which) Check() error {
	if w.Reports == "" {
		return usage.Errorf("validate --reports: empty: name the reports directory")
	}
	if _, err := owned.Root(w.Reports); err != nil {
		return usage.Errorf("validate --reports: %w", err)
	}
	if err := owned.Folder(w.Reports); err != nil {
		return usage.Errorf("validate --reports: %w", err)
	}
	if w.ID != "" {
		return labels.ValidateRunID(w.ID)
	}
	return nil
}

// checkWritable is Check for the commands that write into the run
// folders (chaos and heal keep the fault ledger there): --reports must be
// writable too, checked before Docker is contacted.
func (w Which) checkWritable() error {
	if err := w.Check(); err != nil {
		return err
	}
	if err := owned.Writable(w.Reports); err != nil {
		return usage.Errorf("validate --reports: %w", err)
	}
	return nil
}

// liveOwners is every run with a lab: on the host's engine
// (lab.RunOwners) and on the swarms saltlab built on it (a swarm that
// does not answer is left out: its labs cannot be acted on either).
func liveOwners(ctx context.Context, cli *client.Client) (map[string]string, error) {
	owners, err := lab.RunOwners(ctx, cli)
	if err != nil {
		return nil, err
	}
	sr, _ := access.FindSwarmRuns(ctx, cli)
	for id, o := range sr.Owners {
		if _, ok := owners[id]; !ok {
			owners[id] = o
		}
	}
	return owners, nil
}

// pick chooses the run with the engine's live labs.
func (w Which) pick(ctx context.Context, cli *client.Client) (runstate.State, error) {
	owners, err := liveOwners(ctx, cli)
	if err != nil {
		return runstate.State{}, err
	}
	return runstate.Pick(w.Reports, w.ID, owners)
}

// pickLive chooses a run whose lab is on the engine (runstate.PickLive),
// for the commands that act on the lab.
func (w Which) pickLive(ctx context.Context, cli *client.Client) (runstate.State, error) {
	owners, err := liveOwners(ctx, cli)
	if err != nil {
		return runstate.State{}, err
	}
	return runstate.PickLive(w.Reports, w.ID, owners)
}

// lostState is the error of a command that needs the run.json a live run
// has lost (Pick returns such a run with only its id).
func lostState(what string, st runstate.State) error {
	return fmt.Errorf("%s %s: its %s is lost; `saltlab heal --run %s` and `saltlab down --run %s` still work by label", what, st.RunID, runstate.StateFile, st.RunID, st.RunID)
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

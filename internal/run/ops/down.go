package ops

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/access"
)

// Down removes the containers, networks and volumes of run runID, or of
// every saltlab run on the engine (runID ""), and their private
// directories (secrets, config copies). What it removed goes to out. A
// state folder saltlab may not use (runstate.PrivateRoot: a folder of the
// user's, say) is refused before Docker is contacted, and nothing is
// removed. A run id that no lab on the engine carries is an error listing
// the live runs, and nothing is printed as removed; only a private
// directory the run left behind (its runner died after its lab went) is
// removed then.
func Down(ctx context.Context, runID string, out io.Writer) error {
	if runID != "" {
		if err := labels.ValidateRunID(runID); err != nil {
			return err
		}
	}
	root, err := runstate.PrivateRoot(os.Getenv)
	if err != nil {
		return err
	}
	cli, err := dockerx.New(ctx)
	if err != nil {
		return err
	}
	defer cli.Close()
	if runID != "" {
		if done, err := downOnSwarm(ctx, cli, root, runID, out); done {
			return err
		}
	}
	return down(ctx, cli, root, runID, out)
}

// downOnSwarm removes run runID's labs from the swarm that holds them,
// and its private directory; done is false when no swarm on this host
// holds a lab of the run. (`down --all` removes the swarms' nodes, and
// the labs in them with them.)
func downOnSwarm(ctx context.Context, cli *client.Client, root, runID string, out io.Writer) (done bool, err error) {
	sr, _ := access.FindSwarmRuns(ctx, cli)
	name, ok := sr.Swarm[runID]
	if !ok {
		return false, nil
	}
	if err := access.DownSwarmRun(context.WithoutCancel(ctx), cli, name, runID, out); err != nil {
		return true, err
	}
	return true, runstate.RemovePrivate(filepath.Join(root, runID))
}

// down is Down on an engine client.
func down(ctx context.Context, cli lab.Docker, root, runID string, out io.Writer) error {
	match := map[string]string{labels.Managed: "true"}
	if runID != "" {
		owners, err := lab.RunOwners(ctx, cli)
		if err != nil {
			return err
		}
		if _, live := owners[runID]; !live {
			return downGone(root, runID, owners, out)
		}
		match = map[string]string{labels.Run: runID}
	}
	sw, err := lab.Sweep(context.WithoutCancel(ctx), cli, match)
	fmt.Fprintf(out, "removed %s\n", sw)
	if err != nil {
		return err
	}
	// The labs' secrets and config copies go with them: the private
	// dirs saltlab made, never another file or folder beside them.
	dirs := []string{filepath.Join(root, runID)}
	if runID == "" {
		var others []string
		if dirs, others, err = runstate.PrivateDirs(root); err != nil {
			return err
		}
		for _, o := range others {
			fmt.Fprintf(out, "left %s as it is: saltlab did not make it\n", o)
		}
	}
	for _, d := range dirs {
		if err := runstate.RemovePrivate(d); err != nil {
			return err
		}
	}
	return nil
}

// downGone handles a run id no lab on the engine carries: a private
// directory its runner left is removed and said so; otherwise nothing was
// there to remove, which is an error naming the live runs.
func downGone(root, runID string, owners map[string]string, out io.Writer) error {
	dir := filepath.Join(root, runID)
	if _, err := os.Stat(dir); err == nil {
		if err := runstate.RemovePrivate(dir); err != nil {
			return err
		}
		fmt.Fprintf(out, "removed the private directory of run %s (%s); no lab on this engine carried that run id\n", runID, dir)
		return nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("down --run %s: %w", runID, err)
	}
	return fmt.Errorf("down --run %s: no lab on this engine carries that run id, so nothing was removed; %s", runID, runstate.LiveList("", owners))
}

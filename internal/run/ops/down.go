package ops

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
)

// Down removes the containers, networks and volumes of run runID, or of
// every saltlab run on the engine (runID ""), and their private
// directories (secrets, config copies). What it removed goes to out; a run
// id that nothing carries is an error.
func Down(ctx context.Context, runID string, out io.Writer) error {
	match := map[string]string{labels.Managed: "true"}
	if runID != "" {
		if err := labels.ValidateRunID(runID); err != nil {
			return err
		}
		match = map[string]string{labels.Run: runID}
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
	sw, err := lab.Sweep(context.WithoutCancel(ctx), cli, match)
	fmt.Fprintf(out, "removed %s\n", sw)
	if err != nil {
		return err
	}
	// The labs' secrets and config copies go with them.
	dirs := []string{filepath.Join(root, runID)}
	if runID == "" {
		dirs, _ = filepath.Glob(filepath.Join(root, "*"))
	}
	removed := 0
	for _, d := range dirs {
		if _, serr := os.Stat(d); serr == nil {
			removed++
		}
		if err := runstate.RemovePrivate(d); err != nil {
			return err
		}
	}
	if runID != "" && sw == (lab.Swept{}) && removed == 0 {
		return fmt.Errorf("down --run %s: nothing on this engine carries that run id, so nothing was removed (list saltlab containers with `docker ps -a --filter label=%s=true`)", runID, labels.Managed)
	}
	return nil
}

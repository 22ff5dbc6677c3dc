package bringup

import (
	"context"
	"errors"
	"fmt"
	"io"

	dockerclient "github.com/docker/docker/client"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/dockerx"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/run/access"
	"github.com/saltlab/saltlab/internal/run/ops"
)

// Live is a drill's lab reached from its run folder: the engine client,
// the lab, the services whose Salt event bus the drill records (every
// master and syndic node) and the chaos engine on the run's fault ledger.
type Live struct {
	Cli    *dockerclient.Client
	Lab    *lab.Lab
	Buses  []string
	Engine *chaos.Engine
}

// Close releases the engine client.
func (l *Live) Close() error {
	if l == nil || l.Cli == nil {
		return nil
	}
	return l.Cli.Close()
}

// Open reaches the live lab of run st (its knobs reapplied) and its fault
// ledger. drill and runID name it in the error, with the way out.
func Open(ctx context.Context, reports, root string, st runstate.State, drill string, log io.Writer) (*Live, error) {
	cli, err := dockerx.New(ctx)
	if err != nil {
		return nil, err
	}
	lv := &Live{Cli: cli}
	l, roles, err := access.Open(ctx, cli, st)
	if err != nil {
		return nil, errors.Join(fmt.Errorf("open drill %s's lab (run %s): %w; `saltlab drill stop --run %s` ends it", drill, st.RunID, err, st.RunID), lv.Close())
	}
	lv.Lab, lv.Buses = l, roles.Buses()
	if lv.Engine, err = access.OpenEngine(cli, cli, reports, root, st, log); err != nil {
		return nil, errors.Join(err, lv.Close())
	}
	return lv, nil
}

// Down removes a drill's lab (its containers, networks and volumes), even
// when ctx was cancelled: a lab is never left behind by a Ctrl-C.
func Down(ctx context.Context, runID string) error {
	return ops.Down(context.WithoutCancel(ctx), runID, io.Discard)
}

package access

import (
	"context"
	"io"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/chaos/fault"
	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/runstate"
)

// LabDocker is the engine a lab's containers are reached through: the
// host's client for a compose lab; a swarm's router (route.Client) sends
// each container's call to the node that runs it, so the lab, its faults
// and its evidence work the same on either.
type LabDocker interface {
	lab.Docker
	chaos.Docker
	lab.Eventer
}

// NewEngine is the one constructor of the chaos engine, for `run`,
// `chaos` and `heal`: it binds the engine to a run's lab and fault ledger,
// logs every action to log, and builds the chaos helper image with b on
// the first network fault only. cli is any client of the lab's
// containers: one engine's, or a swarm's router (internal/swarm/route),
// which sends each call to the node of its container.
func NewEngine(cli chaos.Docker, st runstate.State, ledger *fault.Ledger, b *images.Builder, log io.Writer) *chaos.Engine {
	e := chaos.New(cli, st.RunID, st.Project, ledger)
	e.Log = log
	e.HelperImage = b.BuildHelper
	if l, ok := cli.(imageLoader); ok {
		// On a swarm the helper runs on a node, which has only the
		// images it was given: the one built on the host goes there.
		e.HelperImage = func(ctx context.Context) (string, error) {
			ref, err := b.BuildHelper(ctx)
			if err == nil {
				err = l.LoadImages(ctx, ref)
			}
			return ref, err
		}
	}
	return e
}

// imageLoader is a lab engine whose nodes need images copied in (a
// swarm's: stack.Restarter).
type imageLoader interface {
	LoadImages(ctx context.Context, refs ...string) error
}

// OpenEngine opens a saved lab's ledger under reports and binds an engine
// to the lab (st is one of a run's State.All()) through cli, the lab's
// containers' client (one engine's, or a swarm's router); the helper
// image, if a fault needs it, is built on host from the checkout at root.
func OpenEngine(cli chaos.Docker, host images.Docker, reports, root string, st runstate.State, log io.Writer) (*chaos.Engine, error) {
	ledger, err := fault.Open(filepath.Join(runstate.Dir(reports, st.RunID), runstate.LedgerName(st.Lab)))
	if err != nil {
		return nil, err
	}
	return NewEngine(cli, st, ledger, images.NewBuilder(host, root, log), log), nil
}

// Package access is how a run's lab is reached, by the run itself and by
// the commands that drive an existing lab: loaded from its saved state
// (run.json) with its knobs applied again, logged in to with the run's
// salt-api credentials (made per run and kept in its private directory),
// and faulted through its chaos engine over its fault ledger.
package access

import (
	"context"
	"fmt"
	"io"

	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/lab/runstate"
)

// Load loads a run's topology; transform rewrites the compose model.
func Load(ctx context.Context, cli lab.Docker, st runstate.State, transform func(*types.Project) error, log io.Writer) (*lab.Lab, error) {
	return lab.Load(ctx, cli, lab.Options{Files: st.Files, Project: st.Project, RunID: st.RunID,
		Topology: st.Topology, Flavor: st.Flavor, Env: st.Env, Log: log, Transform: transform, Owner: st.Owner})
}

// Open loads the lab of a saved run, re-applying its knobs, so another
// process can inspect or drive it (status, logs), and reads its x-saltlab
// roles after the knobs (clones included), so a user's --compose lab with
// its own service names is understood. Nothing is created.
func Open(ctx context.Context, cli lab.Docker, st runstate.State) (*lab.Lab, roles.Roles, error) {
	var r roles.Roles
	l, err := Load(ctx, cli, st, func(p *types.Project) error {
		if err := knobs.Apply(p, st.Knobs); err != nil {
			return err
		}
		var err error
		r, err = roles.FromProject(p)
		return err
	}, nil)
	if err != nil {
		return nil, roles.Roles{}, fmt.Errorf("open run %s: %w", st.RunID, err)
	}
	return l, r, nil
}

package runner

import (
	"context"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/usage"
)

// checkRoles reads a topology's x-saltlab roles before any Docker work, so
// a missing or wrong block is bad input (exit 2) rather than a failed
// bring-up. The run reads them again after the knobs applied (clones).
func checkRoles(ctx context.Context, file, project string) (roles.Roles, error) {
	p, err := lab.ReadProject(ctx, []string{file}, project, nil)
	if err != nil {
		return roles.Roles{}, usage.Wrap(err)
	}
	r, err := roles.FromProject(p)
	if err != nil {
		return roles.Roles{}, usage.Wrap(err)
	}
	return r, nil
}

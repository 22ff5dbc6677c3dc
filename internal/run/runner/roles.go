package runner

import (
	"context"

	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/policy"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/usage"
)

// checkProject reads a topology's compose file before any image is built
// or Docker is contacted, so what is wrong in it is bad input (exit 2)
// rather than a failed bring-up: first saltlab's compose policy (a
// privileged service, a host path, a port beyond loopback...), then its
// x-saltlab roles. The run reads the roles again after the knobs applied
// (clones), and lab.Load checks the policy again with the run's variables.
func checkProject(ctx context.Context, file, project string) (roles.Roles, error) {
	p, err := lab.ReadProject(ctx, []string{file}, project, nil)
	if err != nil {
		return roles.Roles{}, usage.Wrap(err)
	}
	if err := policy.OSRules().Check(p); err != nil {
		return roles.Roles{}, err
	}
	r, err := roles.FromProject(p)
	if err != nil {
		return roles.Roles{}, usage.Wrap(err)
	}
	return r, nil
}

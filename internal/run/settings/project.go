package settings

import (
	"context"

	"github.com/compose-spec/compose-go/v2/types"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/lab"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/policy"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/salt/saltopts"
	"github.com/saltlab/saltlab/internal/usage"
)

// CheckProject reads a topology's compose file before any image is built
// or Docker is contacted, so what is wrong in it is bad input (exit 2)
// rather than a failed bring-up: first saltlab's compose policy (a
// privileged service, a host path, a port beyond loopback...), then its
// x-saltlab roles, then the Salt release they need (salt_min), then, on the double, the Salt options the run sets
// (real Salt's names are known once its image is: checkImageOptions).
// The run reads the roles again after the knobs applied (clones), and
// lab.Load checks the policy again with the run's variables.
func (c Config) CheckProject(ctx context.Context, file, project string) (*types.Project, roles.Roles, error) {
	p, err := lab.ReadProject(ctx, []string{file}, project, nil)
	if err != nil {
		return nil, roles.Roles{}, usage.Wrap(err)
	}
	if err := policy.OSRules().Check(p); err != nil {
		return nil, roles.Roles{}, err
	}
	r, err := roles.FromProject(p)
	if err != nil {
		return nil, roles.Roles{}, usage.Wrap(err)
	}
	if err := c.checkSaltMin(r, file); err != nil {
		return nil, roles.Roles{}, err
	}
	if c.Flavor == images.FlavorSim {
		list, err := images.SimOptions()
		if err != nil {
			return nil, roles.Roles{}, err
		}
		if err := CheckSaltOptions(list, "the double's own list", p, c.Knobs); err != nil {
			return nil, roles.Roles{}, err
		}
	}
	return p, r, nil
}

// CheckSaltOptions refuses, as bad input, every Salt option of the run
// that the build the list comes from does not read: a --set key, a key of
// the user's drop-ins or of the configuration the project binds, each
// named with where it was set and the name it was probably meant to be.
// Salt itself would ignore it, and a run would pass without ever using it.
func CheckSaltOptions(list saltopts.List, source string, p *types.Project, in knobs.Parsed) error {
	settings, err := knobs.OptionSettings(p, in)
	if err != nil {
		return usage.Wrap(err)
	}
	if err := list.Check(settings); err != nil {
		return usage.Errorf("check the run's Salt options against %s: %w", source, err)
	}
	return nil
}

package settings

import (
	"fmt"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/lab/roles"
	"github.com/saltlab/saltlab/internal/salt/saltver"
	"github.com/saltlab/saltlab/internal/usage"
)

// checkSaltMin refuses, before any image is built, a run whose Salt cannot
// be as new as the topology's x-saltlab salt_min says it must be: the Salt
// double when the release it imitates is older (it would stand in for a
// feature it does not model, such as Salt 3007's master cluster), or a
// --salt-version older than that. file is the compose file, named in the
// message so the user sees where the requirement comes from.
func (c Config) checkSaltMin(r roles.Roles, file string) error {
	min, ok, err := saltMin(r, file)
	if err != nil || !ok {
		return err
	}
	if c.Flavor == images.FlavorSim {
		list, err := images.SimOptions()
		if err != nil {
			return err
		}
		imitated := list.SaltVersion
		if v, err := saltver.Parse(imitated); err == nil && v.AtLeast(min) {
			return nil
		}
		return usage.Errorf("check --salt sim: topology %s needs Salt %s or later (x-saltlab salt_min in %s), and the Salt double imitates Salt %s and does not model what %s brought (docs/sim-fidelity.md): run it on real Salt, --salt real --salt-version %d or newer",
			c.Topology, min, file, imitated, min, min.Parts[0])
	}
	spec, err := saltdist.ParseSpec(c.SaltVersion)
	if err != nil {
		return usage.Wrap(err)
	}
	if !spec.MayMeet(min) {
		return usage.Errorf("check --salt-version %s: topology %s needs Salt %s or later (x-saltlab salt_min in %s), and Salt %s is older: use --salt-version %d or newer (a line such as %d or %s, or a release such as %d.1)",
			spec, c.Topology, min, file, spec, min.Parts[0], min.Parts[0], saltdist.DefaultLine, min.Parts[0])
	}
	return nil
}

// CheckResolvedSalt holds the resolved image to the same requirement, once
// its release is known: auto may have fallen back to the double, and a
// release line resolves to a release only now.
func CheckResolvedSalt(r roles.Roles, file string, f images.Flavor) error {
	min, ok, err := saltMin(r, file)
	if err != nil || !ok {
		return err
	}
	if f.Name == images.FlavorSim {
		return fmt.Errorf("check the Salt image: the topology needs Salt %s or later (x-saltlab salt_min in %s), and the run fell back to the Salt double (%s), which does not model it: make real Salt buildable (`saltlab images --salt real`) and run with --salt real", min, file, f.Reason)
	}
	v, err := saltver.Parse(f.Version)
	if err != nil {
		return fmt.Errorf("check the Salt image %s: %w", f.Image, err)
	}
	if v.Compare(min) < 0 {
		return fmt.Errorf("check the Salt image %s: it holds Salt %s, and the topology needs %s or later (x-saltlab salt_min in %s): use --salt-version %d or newer", f.Image, v, min, file, min.Parts[0])
	}
	return nil
}

// saltMin is the topology's salt_min, if it sets one.
func saltMin(r roles.Roles, file string) (saltver.Version, bool, error) {
	if r.SaltMin == "" {
		return saltver.Version{}, false, nil
	}
	v, err := saltver.Parse(r.SaltMin)
	if err != nil || len(v.Parts) == 0 {
		return v, false, usage.Errorf("read x-saltlab salt_min in %s: %q is not a Salt release: write a line such as \"3007\"", file, r.SaltMin)
	}
	return v, true, nil
}

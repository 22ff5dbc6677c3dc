package settings

import (
	"flag"
	"os"
	"strings"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/usage"
)

// SaltVersionFlag registers --salt-version (env SALT_VERSION), which
// run, up, images, wheelhouse and the drills share.
func SaltVersionFlag(fs *flag.FlagSet, v *string) {
	fs.StringVar(v, "salt-version", EnvOr(saltdist.EnvVersion, saltdist.DefaultLine),
		"real Salt release line (3006, 3007, 3008: its newest release) or release (3007.8) (env "+saltdist.EnvVersion+")")
}

// Complete fills c from the environment and the knobs as typed (Inputs),
// parsed here once (--set included), and refuses bad values before
// anything is built or Docker is contacted: what `run` and `up` check.
func (c *Config) Complete() error {
	if err := checkSalt(c.Flavor, c.SaltVersion); err != nil {
		return err
	}
	dir, err := StateRoot()
	if err != nil {
		return err
	}
	c.StateDir = dir
	if err := c.Validate(); err != nil {
		return err
	}
	if err := images.CheckCache(c.RepoRoot); err != nil {
		return usage.Wrap(err)
	}
	// The example states are for the built-in topologies: a user's
	// compose file mounts its own /srv/salt, which the examples would hide.
	if c.Compose == "" {
		c.Inputs.Root = c.RepoRoot
	}
	k, err := c.Inputs.Parse()
	if err != nil {
		return usage.Wrap(err)
	}
	c.Knobs = k
	return nil
}

// CheckImages refuses, before anything is built, what `saltlab images`
// would build from: the flavour, the Salt version, the environment of
// the routes that may run, and the checkout's cache folder.
func CheckImages(flavor, saltVersion, root string) error {
	if err := checkSalt(flavor, saltVersion); err != nil {
		return err
	}
	if err := images.CheckCache(root); err != nil {
		return usage.Wrap(err)
	}
	return nil
}

// StateRoot is the folder of the runs' private directories
// (SALTLAB_STATE_DIR, or its default), refused when it is not saltlab's.
func StateRoot() (string, error) { return runstate.PrivateRoot(os.Getenv) }

// checkSalt refuses a flavour, a Salt version or a route's environment
// that no image could be built from.
func checkSalt(flavor, saltVersion string) error {
	if err := CheckFlavor(flavor); err != nil {
		return err
	}
	if err := CheckSaltVersion(saltVersion); err != nil {
		return err
	}
	if err := checkSimRelease(flavor); err != nil {
		return err
	}
	return checkRealEnv(flavor)
}

// CheckFlavor refuses a flavour other than auto, real or sim, naming SALT
// when the value came from there.
func CheckFlavor(f string) error {
	switch f {
	case "auto", "real", "sim":
		return nil
	}
	if fromEnv("SALT", f) {
		return usage.Errorf("validate SALT (the default of --salt): unknown Salt flavour %q: want auto, real or sim; fix or unset it", f)
	}
	return usage.Errorf("validate --salt: unknown Salt flavour %q: want auto, real or sim", f)
}

// CheckSaltVersion rejects a malformed version before anything is built,
// naming SALT_VERSION when the value came from there.
func CheckSaltVersion(v string) error {
	if _, err := saltdist.ParseSpec(v); err != nil {
		if fromEnv(saltdist.EnvVersion, v) {
			return usage.Errorf("check %s (the default of --salt-version): %w; fix or unset it", saltdist.EnvVersion, err)
		}
		return usage.Wrap(err)
	}
	return nil
}

// checkRealEnv rejects, before anything is built, a real Salt route set up
// wrongly in the environment (SALT_APT_*, SALTLAB_WHEELHOUSE) wherever real
// Salt may be built (real or auto).
func checkRealEnv(flavor string) error {
	if flavor == images.FlavorSim {
		return nil
	}
	return usage.Wrap(images.CheckRealEnv(os.Getenv))
}

// checkSimRelease rejects a SALTSIM_RELEASE the Salt double would refuse,
// before anything is built, wherever the double may run (sim or auto).
func checkSimRelease(flavor string) error {
	if flavor == images.FlavorReal {
		return nil
	}
	if err := images.CheckSimRelease(os.Getenv(images.EnvSimRelease)); err != nil {
		return usage.Wrap(err)
	}
	return nil
}

// fromEnv reports whether a flag's value v is the one env set, so its
// error names the variable the user set rather than a flag they did not
// type.
func fromEnv(env, v string) bool {
	return v != "" && strings.TrimSpace(os.Getenv(env)) == v
}

// EnvOr is the environment variable key, trimmed, or def when it is
// unset or blank: the default of a flag an environment variable sets.
func EnvOr(key, def string) string {
	if v := strings.TrimSpace(os.Getenv(key)); v != "" {
		return v
	}
	return def
}

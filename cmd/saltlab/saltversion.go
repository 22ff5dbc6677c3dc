package main

import (
	"flag"
	"os"
	"strings"

	"github.com/saltlab/saltlab/internal/images"
	"github.com/saltlab/saltlab/internal/images/saltdist"
	"github.com/saltlab/saltlab/internal/usage"
)

// saltVersionFlag registers --salt-version (env SALT_VERSION), shared by
// run, up, images and wheelhouse.
func saltVersionFlag(fs *flag.FlagSet, v *string) {
	fs.StringVar(v, "salt-version", envOr(saltdist.EnvVersion, saltdist.DefaultLine),
		"real Salt release line (3006, 3007, 3008: its newest release) or release (3007.8) (env "+saltdist.EnvVersion+")")
}

// saltRefreshFlag registers --salt-refresh, shared by run, up and images.
func saltRefreshFlag(fs *flag.FlagSet, v *bool) {
	fs.BoolVar(v, "salt-refresh", false, "ask the package index which release a Salt line is, even when an image of the line's answer from the last 24 hours exists")
}

// checkSaltVersion rejects a malformed version before anything is built,
// naming SALT_VERSION when the value came from there.
func checkSaltVersion(v string) error {
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

// fromEnv reports whether a flag's value v is the one env set, so its
// error names the variable the user set rather than a flag they did not
// type.
func fromEnv(env, v string) bool {
	return v != "" && strings.TrimSpace(os.Getenv(env)) == v
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

package images

import (
	"fmt"
	"regexp"
)

// EnvSimRelease is the host variable that makes the simulator image behave
// as one Salt release line where the lines differ: BuildSim bakes it into
// the image as the double's own SALTSIM_RELEASE (docs/sim-fidelity.md).
// Unset, the double behaves as 3006, the release it reports.
const EnvSimRelease = "SALTSIM_RELEASE"

// simReleasePattern is the form the double accepts (simver.ParseRelease):
// a supported line or a release of one. Checked here as well because this
// package may not import the double, and a bad value must be refused
// before any image is built rather than when the containers start.
var simReleasePattern = regexp.MustCompile(`^30(06|07|08)(\.[0-9]+)?$`)

// CheckSimRelease refuses a SALTSIM_RELEASE the double would refuse.
func CheckSimRelease(v string) error {
	if v == "" || simReleasePattern.MatchString(v) {
		return nil
	}
	return fmt.Errorf("%s=%q: the Salt double follows the release lines 3006, 3007 and 3008 (for example 3007 or 3007.16); unset it for 3006", EnvSimRelease, v)
}

// simReleaseLines is what BuildSim appends to the simulator's Dockerfile
// for release v (nothing for the default).
func simReleaseLines(v string) []byte {
	if v == "" {
		return nil
	}
	return []byte("ENV " + EnvSimRelease + "=" + v + "\n")
}

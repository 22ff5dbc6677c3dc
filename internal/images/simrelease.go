package images

import (
	"fmt"
	"slices"
	"strings"

	"github.com/saltlab/saltlab/internal/salt/saltver"
)

// EnvSimRelease is the host variable that makes the simulator image behave
// as one Salt release line where the lines differ: BuildSim bakes it into
// the image as the double's own SALTSIM_RELEASE (docs/sim-fidelity.md).
// Unset, the double behaves as 3006, the release it reports.
const EnvSimRelease = "SALTSIM_RELEASE"

// simLines are the release lines the double follows. SALTSIM_RELEASE is
// checked here as well as by the double (simver.ParseRelease) because no
// room but cmd/saltsim imports the double, and a bad value must be refused
// before any image is built rather than when the containers start
// (TestCheckSimReleaseAgreesWithTheDouble holds the two rules equal).
func simLines() []int { return []int{3006, 3007, 3008} }

// CheckSimRelease refuses a SALTSIM_RELEASE the double would refuse: a
// supported line or a final release of one.
func CheckSimRelease(v string) error {
	if strings.TrimSpace(v) == "" {
		return nil
	}
	if r, err := saltver.Parse(v); err == nil && r.Pre == "" && len(r.Parts) <= 2 && slices.Contains(simLines(), r.Line()) {
		return nil
	}
	return fmt.Errorf("%s=%q: the Salt double follows the release lines 3006, 3007 and 3008 (for example 3007 or 3007.16); unset it for 3006", EnvSimRelease, v)
}

// simReleaseLines is what BuildSim appends to the simulator's Dockerfile
// for release v (nothing for the default).
func simReleaseLines(v string) []byte {
	if v = strings.TrimSpace(v); v == "" {
		return nil
	}
	return []byte("ENV " + EnvSimRelease + "=" + v + "\n")
}

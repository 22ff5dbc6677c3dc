package images

import (
	_ "embed"
	"fmt"

	"github.com/saltlab/saltlab/internal/salt/saltopts"
)

// simOptions is the option list of the sim flavour, known before its image
// is built: the list the double prints with `saltsim --salt-options`, the
// one its image keeps at saltopts.ImagePath, so it is the same route as
// real Salt's (read back with SaltOptions) but at hand without Docker.
// TestSimOptionsAreTheDoubles holds it equal to the double's own list
// (go test ./internal/images -run TestSimOptionsAreTheDoubles -update
// writes it), so no room but cmd/saltsim imports the double for it.
//
//go:embed sim-options.json
var simOptions []byte

// SimOptions is what the sim flavour is made of as far as a run's Salt
// options go: the option names the double reads, and the Salt release it
// imitates (SaltVersion). A run on the double checks its options and its
// topology's salt_min against it before any image is built or Docker is
// asked; real Salt's list is known once its image is (SaltOptions).
func SimOptions() (saltopts.List, error) {
	l, err := saltopts.Parse(simOptions)
	if err != nil {
		return saltopts.List{}, fmt.Errorf("read the sim flavour's option list (internal/images/sim-options.json): %w", err)
	}
	return l, nil
}

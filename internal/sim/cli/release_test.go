package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/sim/simtest"
)

// --version names the release line the double follows (SALTSIM_RELEASE),
// so reports that quote it say which; a value the double does not follow
// is refused, naming the variable.
func TestVersionNamesTheReleaseLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		release, want, err string
		code               int
	}{
		{release: "", want: "salt-call 3006.9 (saltlab sim 0.1.0)\n"},
		{release: "3007.16", want: "salt-call 3006.9 (saltlab sim 0.1.0, release line 3007)\n"},
		{release: "2019", code: 1, err: `read release: parse SALTSIM_RELEASE="2019"`},
	}
	for _, tc := range tests {
		t.Run(tc.release, func(t *testing.T) {
			t.Parallel()
			res := runEnv(t, simtest.NewResolver(), map[string]string{"SALTSIM_RELEASE": tc.release}, "", "salt-call", "--version")
			assert.Equal(t, tc.code, res.code)
			assert.Equal(t, tc.want, res.stdout)
			assert.Contains(t, res.stderr, tc.err)
		})
	}
}

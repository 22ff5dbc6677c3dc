package images

import (
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/salt/saltopts"
	simconfig "github.com/saltlab/saltlab/internal/sim/config"
)

var update = flag.Bool("update", false, "rewrite sim-options.json from the double's own option list")

// The sim flavour's option list, which a run reads before anything is
// built, is the double's own: the list `saltsim --salt-options` writes
// into the image.
func TestSimOptionsAreTheDoubles(t *testing.T) {
	want, err := json.MarshalIndent(simconfig.OptionList(), "", "  ")
	require.NoError(t, err)
	want = append(want, '\n')
	if *update {
		require.NoError(t, os.WriteFile("sim-options.json", want, 0o644))
	}
	assert.Equal(t, string(want), string(simOptions),
		"internal/images/sim-options.json is not the double's option list: go test ./internal/images -run TestSimOptionsAreTheDoubles -update")
	l, err := SimOptions()
	require.NoError(t, err)
	assert.Equal(t, simconfig.OptionList(), l)
	assert.True(t, l.Known(saltopts.Minion, "master_alive_interval"))
	assert.NotEmpty(t, l.SaltVersion, "the release the double imitates")
}

package ops

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/usage"
)

func TestWhichCheck(t *testing.T) {
	require.NoError(t, Which{Reports: "reports"}.Check())
	assert.True(t, usage.Is(Which{}.Check()), "an empty --reports is the user's")
	assert.Error(t, Which{Reports: "reports", ID: "../x"}.Check())
}

func TestKnownServices(t *testing.T) {
	have := []string{"salt-master-1", "salt-minion-1"}
	require.NoError(t, knownServices(have, "salt-minion-1"))
	err := knownServices(have, "salt-minion-1", "salt-master-9")
	require.True(t, usage.Is(err))
	assert.Contains(t, err.Error(), `unknown service "salt-master-9": this lab has salt-master-1, salt-minion-1`)
	err = knownServices(nil, "x")
	assert.False(t, usage.Is(err), "a run without containers is no typing mistake")
}

func TestLostStateNamesTheWayOut(t *testing.T) {
	err := lostState("chaos", runstate.State{RunID: "r1"})
	assert.Contains(t, err.Error(), "saltlab heal --run r1")
	assert.Contains(t, err.Error(), "saltlab down --run r1")
}

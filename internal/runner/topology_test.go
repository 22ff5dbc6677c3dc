package runner

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTopologyFile(t *testing.T) {
	f, err := TopologyFile("../..", "failover")
	require.NoError(t, err)
	assert.FileExists(t, f)
	_, err = TopologyFile("../..", "nope")
	assert.ErrorContains(t, err, `unknown topology "nope": known topologies are failover`)
}

func TestTagExpression(t *testing.T) {
	assert.Equal(t, "@failover", TagExpression("failover", ""))
	assert.Equal(t, "@hot && (~@wip)", TagExpression("hot", "~@wip"))
}

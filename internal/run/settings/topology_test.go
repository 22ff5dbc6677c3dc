package settings

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTopologyFile(t *testing.T) {
	f, err := TopologyFile("../../..", "failover")
	require.NoError(t, err)
	assert.FileExists(t, f)
	_, err = TopologyFile("../../..", "nope")
	require.Error(t, err)
	assert.Regexp(t, `^unknown topology "nope": known topologies are [a-z-]+(, [a-z-]+)* \(--topology NAME\)$`, err.Error())
	for _, known := range []string{"ai-infra-matrix", "failover", "syndic"} {
		assert.Contains(t, err.Error(), known)
	}
}

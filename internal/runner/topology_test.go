package runner

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/usage"
)

func TestTopologyFile(t *testing.T) {
	f, err := TopologyFile("../..", "failover")
	require.NoError(t, err)
	assert.FileExists(t, f)
	_, err = TopologyFile("../..", "nope")
	require.Error(t, err)
	assert.Regexp(t, `^unknown topology "nope": known topologies are [a-z-]+(, [a-z-]+)* \(--topology NAME\)$`, err.Error())
	for _, known := range []string{"ai-infra-matrix", "failover", "syndic"} {
		assert.Contains(t, err.Error(), known)
	}
}

func TestSelection(t *testing.T) {
	tests := []struct {
		topology, user, godog string
		wantErr               string
	}{
		{topology: "failover", godog: "@failover"},
		{topology: "hot", user: "~@wip", godog: "@hot && ~@wip"},
		{topology: "hot", user: "not @wip", godog: "@hot && ~@wip"},
		{topology: "hot", user: "@hot && (~@wip)", wantErr: "mixes the old syntax"},
		{topology: "hot", user: "@a,", wantErr: "empty tag"},
	}
	for _, tt := range tests {
		t.Run(tt.user, func(t *testing.T) {
			sel, err := selection(tt.topology, tt.user)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, "validate --tags")
				assert.ErrorContains(t, err, tt.wantErr)
				assert.True(t, usage.Is(err))
				return
			}
			require.NoError(t, err)
			g, err := sel.Godog()
			require.NoError(t, err)
			assert.Equal(t, tt.godog, g)
		})
	}
}

// A user expression narrows the topology's scenarios as the README says:
// '~@wip' and 'not @wip' select every scenario of the topology (none is
// @wip), up front and without Docker.
func TestSelectScenariosFromFeatures(t *testing.T) {
	cfg := Config{Topology: "hot", Features: []string{"../../features"}}
	all, err := selection("hot", "")
	require.NoError(t, err)
	rows, err := selectScenarios(cfg, all)
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	for _, user := range []string{"~@wip", "not @wip"} {
		sel, err := selection("hot", user)
		require.NoError(t, err)
		got, err := selectScenarios(cfg, sel)
		require.NoError(t, err)
		assert.Equal(t, rows, got, user)
	}
	sel, err := selection("hot", "not @hot")
	require.NoError(t, err)
	_, err = selectScenarios(cfg, sel)
	assert.ErrorContains(t, err, `"@hot and (not @hot)" selects none of the`)
	assert.ErrorContains(t, err, "tags there: @ai-infra-matrix")
	assert.True(t, usage.Is(err))
}

package saltcfg

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClusterBound(t *testing.T) {
	tests := []struct {
		name, doc string
		want      time.Duration
		wantErr   string
	}{
		{name: "one balancer address", doc: "master: lb\nmaster_alive_interval: 2\nmaster_tries: -1\nauth_timeout: 3\nauth_tries: 2\n",
			want: 2*time.Second + aliveLoopSlack + dnsProbeTimeout + 2*3*time.Second + 3*time.Second + ProcessSlack},
		{name: "a master list is no cluster minion", doc: "master: [m1, m2]\nmaster_alive_interval: 2\nmaster_tries: -1\n", wantErr: "want one master entry"},
		{name: "failover mode", doc: "master: [lb]\nmaster_type: failover\nmaster_alive_interval: 2\nmaster_tries: -1\n", wantErr: `got master_type "failover" with 1 master(s)`},
		{name: "no alive check", doc: "master: lb\nmaster_tries: -1\n", wantErr: "master_alive_interval is 0"},
		{name: "restarts instead", doc: "master: lb\nmaster_alive_interval: 2\n", wantErr: "master_tries is 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Parse(tt.doc)
			require.NoError(t, err)
			b, err := m.ClusterBound()
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, b.Limit)
			assert.Contains(t, b.Explain, "master_alive_interval 2s")
		})
	}
}

// The cluster topology's own minion settings give a bound.
func TestClusterBoundOfTheTopology(t *testing.T) {
	b, err := os.ReadFile("../../../compose/cluster/config/minion.d/lab.conf")
	require.NoError(t, err)
	m, err := Parse(string(b))
	require.NoError(t, err)
	got, err := m.ClusterBound()
	require.NoError(t, err)
	assert.Equal(t, 2*time.Second+aliveLoopSlack+dnsProbeTimeout+2*3*time.Second+3*time.Second+ProcessSlack, got.Limit)
}

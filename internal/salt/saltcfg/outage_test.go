package saltcfg

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOutageBounds(t *testing.T) {
	const failover = "master: [m1, m2]\nmaster_type: failover\nmaster_alive_interval: 2\nauth_timeout: 3\nacceptance_wait_time: 2\n"
	const hot = "master: [m1, m2]\nmaster_alive_interval: 2\nauth_timeout: 3\nauth_tries: 2\nacceptance_wait_time: 2\n"
	tests := []struct {
		name, doc         string
		wantWindow        time.Duration
		wantWindowErr     string
		wantReconnect     time.Duration
		wantReconnectErr  string
		wantExplainSubstr string
	}{
		{
			name: "failover tries every master once per pass",
			doc:  failover + "master_tries: -1\n",
			// 2s alive + 1s loop + 2 x (2s probe + 1 x 3s)
			wantWindow: 2*time.Second + aliveLoopSlack + 2*(dnsProbeTimeout+3*time.Second) + ProcessSlack,
			// ... + acceptance_wait_time 2s + auth_timeout 3s
			wantReconnect:     2*time.Second + aliveLoopSlack + 2*(dnsProbeTimeout+3*time.Second) + 2*time.Second + 3*time.Second + ProcessSlack,
			wantExplainSubstr: "no ZeroMQ reconnect gap",
		},
		{
			name:       "hot retries its own master",
			doc:        hot + "master_tries: -1\n",
			wantWindow: 2*time.Second + aliveLoopSlack + dnsProbeTimeout + 2*3*time.Second + ProcessSlack,
			// ... + the subscriber's ZeroMQ reconnect gap, 1 s + 10 s by default
			wantReconnect:     2*time.Second + aliveLoopSlack + dnsProbeTimeout + 2*3*time.Second + 2*time.Second + 3*time.Second + ProcessSlack + 11*time.Second,
			wantExplainSubstr: "ZeroMQ reconnect gap 11s",
		},
		{
			name:             "default master_tries restarts instead of reconnecting",
			doc:              failover,
			wantWindow:       2*time.Second + aliveLoopSlack + 2*(dnsProbeTimeout+3*time.Second) + ProcessSlack,
			wantReconnectErr: "master_tries is 1",
		},
		{
			name:             "no alive check",
			doc:              "master: [m1, m2]\nmaster_type: failover\nmaster_tries: -1\n",
			wantWindowErr:    "master_alive_interval is 0",
			wantReconnectErr: "master_alive_interval is 0",
		},
		{
			name:             "a single master string is neither mode",
			doc:              "master: m1\nmaster_alive_interval: 2\nmaster_tries: -1\n",
			wantWindowErr:    "want hot multi-master",
			wantReconnectErr: "want hot multi-master",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Parse(tt.doc)
			require.NoError(t, err)
			w, err := m.RestartWindow()
			if tt.wantWindowErr != "" {
				assert.ErrorContains(t, err, tt.wantWindowErr)
			} else {
				require.NoError(t, err)
				assert.Equal(t, tt.wantWindow, w.Limit)
			}
			r, err := m.ReconnectBound()
			if tt.wantReconnectErr != "" {
				assert.ErrorContains(t, err, tt.wantReconnectErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.wantReconnect, r.Limit)
			assert.Contains(t, r.Explain, tt.wantExplainSubstr)
			assert.Contains(t, r.Explain, "acceptance_wait_time 2s")
		})
	}
}

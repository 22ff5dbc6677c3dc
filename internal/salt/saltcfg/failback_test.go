package saltcfg

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFailbackBound(t *testing.T) {
	const base = "master: [m1, m2]\nmaster_type: failover\nmaster_alive_interval: 2\nauth_timeout: 3\n"
	tests := []struct {
		name, doc   string
		want        time.Duration
		wantOn      bool
		wantExplain string
		wantErr     string
	}{
		{name: "interval 0 takes master_alive_interval", doc: base + "master_failback: True\n",
			want: ProcessSlack + 3*time.Second + 2*time.Second + aliveLoopSlack + 3*time.Second, wantOn: true, wantExplain: "master_failback_interval 2s"},
		{name: "own interval", doc: base + "master_failback: true\nmaster_failback_interval: 7\n",
			want: ProcessSlack + 3*time.Second + 7*time.Second + aliveLoopSlack + 3*time.Second, wantOn: true, wantExplain: "master_failback_interval 7s"},
		{name: "off: the window failback would have used", doc: base,
			want: ProcessSlack + 3*time.Second + 2*time.Second + aliveLoopSlack + 3*time.Second, wantExplain: "master_failback off"},
		{name: "hot mode has no failback", doc: "master: [m1, m2]\nmaster_failback: True\nmaster_alive_interval: 2\n", wantErr: "applies to \"failover\" only"},
		{name: "no interval at all", doc: "master: [m1, m2]\nmaster_type: failover\nmaster_failback: True\n", wantErr: "master_failback_interval is 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Parse(tt.doc)
			require.NoError(t, err)
			b, err := m.FailbackBound()
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.wantOn, m.MasterFailback)
			assert.Equal(t, tt.want, b.Limit)
			assert.Contains(t, b.Explain, tt.wantExplain)
		})
	}
}

package selection

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/run/tagexpr"
)

func TestOnRelease(t *testing.T) {
	all, err := tagexpr.Parse("")
	require.NoError(t, err)
	on, off := true, false
	tests := []struct {
		version string
		monitor *bool  // --set minion.zmq_monitor
		why     string // "": unchanged
		keeps   []string
		drops   []string
	}{
		{"salt-call 3006.29 (Sulfur)", nil, "has no ZeroMQ disconnect monitor", []string{"@no-zmq-monitor"}, []string{"@zmq-monitor"}},
		{"salt-call 3007.14 (Chlorine)", nil, "has no ZeroMQ disconnect monitor", []string{"@no-zmq-monitor"}, []string{"@zmq-monitor"}},
		{"salt-call 3007.16 (Chlorine)", nil, "so there is no DNS trap to show", []string{"@zmq-monitor"}, []string{"@no-zmq-monitor"}},
		{"salt-call 3008.4 (Argon)\n", nil, "so there is no DNS trap to show", []string{"@zmq-monitor"}, []string{"@no-zmq-monitor"}},
		{"salt-call 3006.9 (saltlab sim 0.1.0)", nil, "has no ZeroMQ disconnect monitor", []string{"@no-zmq-monitor"}, []string{"@zmq-monitor"}},
		{"salt-call 3006.9 (saltlab sim 0.1.0, release line 3008)", nil, "so there is no DNS trap to show", []string{"@zmq-monitor"}, []string{"@no-zmq-monitor"}},
		{"unknown (exec failed)", nil, "", []string{"@zmq-monitor", "@no-zmq-monitor"}, nil},
		{"salt-call 3008.4 (Argon)", &off, "this run sets zmq_monitor False", []string{"@no-zmq-monitor"}, []string{"@zmq-monitor"}},
		{"salt-call 3006.29 (Sulfur)", &on, "has no ZeroMQ disconnect monitor", []string{"@no-zmq-monitor"}, []string{"@zmq-monitor"}},
	}
	for _, tt := range tests {
		t.Run(tt.version, func(t *testing.T) {
			sel, why, err := onRelease(all, tt.version, tt.monitor)
			require.NoError(t, err)
			if tt.why == "" {
				assert.Empty(t, why)
			} else {
				assert.Contains(t, why, tt.why)
			}
			for _, tag := range tt.keeps {
				assert.True(t, sel.Match([]string{tag}), tag)
			}
			for _, tag := range tt.drops {
				assert.False(t, sel.Match([]string{tag}), tag)
			}
			assert.True(t, sel.Match([]string{"@failover"}), "untagged scenarios stay")
		})
	}
}

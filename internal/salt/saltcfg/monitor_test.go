package saltcfg

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/salt/saltout"
)

func TestMonitorsPubDisconnect(t *testing.T) {
	tests := []struct {
		name    string
		v       saltout.Version
		monitor bool
		want    bool
	}{
		{"3006 never, even with zmq_monitor", saltout.Version{Major: 3006, Minor: 29}, true, false},
		{"3007.14 has no monitor", saltout.Version{Major: 3007, Minor: 14}, true, false},
		{"3007.15 with its default", saltout.Version{Major: 3007, Minor: 15}, true, true},
		{"3008 with its default", saltout.Version{Major: 3008, Minor: 4}, true, true},
		{"3008 with zmq_monitor False", saltout.Version{Major: 3008, Minor: 4}, false, false},
		{"the double's line 3007", saltout.Version{Major: 3007, Minor: -1, Sim: true}, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, MonitorsPubDisconnect(tt.v, tt.monitor))
		})
	}
}

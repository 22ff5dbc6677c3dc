package saltcfg

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/salt/saltver"
)

func TestMonitorsPubDisconnect(t *testing.T) {
	tests := []struct {
		name    string
		v       saltver.Reported
		monitor bool
		want    bool
	}{
		{"3006 never, even with zmq_monitor", rel(3006, 29), true, false},
		{"3007.14 has no monitor", rel(3007, 14), true, false},
		{"3007.15 with its default", rel(3007, 15), true, true},
		{"3008 with its default", rel(3008, 4), true, true},
		{"3008 with zmq_monitor False", rel(3008, 4), false, false},
		{"the double's line 3007", saltver.Reported{Release: saltver.Version{Parts: []int{3006, 9}}, Line: 3007, Sim: true}, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, MonitorsPubDisconnect(tt.v, tt.monitor))
		})
	}
}

// rel is real Salt's --version of release line.minor.
func rel(line, minor int) saltver.Reported {
	return saltver.Reported{Release: saltver.Version{Parts: []int{line, minor}}, Line: line}
}

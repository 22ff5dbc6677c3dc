package saltcfg

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBootMaster(t *testing.T) {
	tests := []struct {
		name, conf string
		want       string
		ok         bool
	}{
		{"failover: the first of the list", "master: [m1, m2]\nmaster_type: failover\n", "m1", true},
		{"failover: the first entry's host, not its port", "master: ['m1:4606', m2]\nmaster_type: failover\n", "m1", true},
		{"hot: signs in to every master", "master: [m1, m2]\n", "", false},
		{"one master: no choice", "master: m1\nmaster_type: failover\n", "", false},
		{"random_master shuffles the list", "master: [m1, m2]\nmaster_type: failover\nrandom_master: true\n", "", false},
		{"master_shuffle is random_master's old name", "master: [m1, m2]\nmaster_type: failover\nmaster_shuffle: true\n", "", false},
		{"master_shuffle overrides random_master off", "master: [m1, m2]\nmaster_type: failover\nmaster_shuffle: true\nrandom_master: false\n", "", false},
		{"random_master with failback keeps the first first", "master: [m1, m2, m3]\nmaster_type: failover\nrandom_master: true\nmaster_failback: true\n", "m1", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Parse(tt.conf)
			require.NoError(t, err)
			got, ok := m.BootMaster()
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

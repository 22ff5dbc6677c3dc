package selection

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/run/tagexpr"
)

// TestOnFleet: without a fleet the @scale scenarios are left out; a fleet
// a container each runs every scenario; a fleet in swarms, by default
// beyond 120 or with --minions-per-container at any size, runs only @scale
// and says how its minions share containers.
func TestOnFleet(t *testing.T) {
	all, err := tagexpr.Parse("@failover or @general")
	require.NoError(t, err)
	scale, plain := []string{"@general", "@scale"}, []string{"@failover"}
	tests := []struct {
		name        string
		fleet       knobs.Fleet
		scale, rest bool
		why         string
	}{
		{"no fleet", knobs.Fleet{}, false, true, "run only with --minions N"},
		{"a container each", knobs.Fleet{Minions: 100}, true, true, ""},
		{"swarms beyond 120", knobs.Fleet{Minions: 1000}, true, false, "with --minions 1000 the minions run 50 to a container (20 containers)"},
		{"swarms asked for", knobs.Fleet{Minions: 100, PerContainer: 50}, true, false, "with --minions 100 the minions run 50 to a container (2 containers)"},
		{"a container each, asked for", knobs.Fleet{Minions: 100, PerContainer: 1}, true, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sel, why, err := OnFleet(all, tt.fleet)
			require.NoError(t, err)
			assert.Equal(t, tt.scale, sel.Match(scale), "a @scale scenario")
			assert.Equal(t, tt.rest, sel.Match(plain), "any other scenario")
			if tt.why == "" {
				assert.Empty(t, why)
			} else {
				assert.Contains(t, why, tt.why)
			}
		})
	}
}

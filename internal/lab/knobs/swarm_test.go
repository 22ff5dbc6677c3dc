package knobs_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/compose/lib"
	"github.com/saltlab/saltlab/internal/lab/knobs"
	"github.com/saltlab/saltlab/internal/lab/roles"
)

func TestLayout(t *testing.T) {
	tests := []struct {
		n, per     int
		containers int
		sizes      []int
	}{
		{1, 0, 1, nil},
		{120, 0, 120, nil},
		{121, 0, 3, []int{41, 40, 40}},
		{200, 0, 4, []int{50, 50, 50, 50}},
		{1000, 0, 20, nil},
		{1001, 0, 21, nil},
		{knobs.MaxMinions, 0, knobs.MaxContainers, nil},
		// --minions-per-container: swarms below the default threshold,
		// and a container each only where it is asked.
		{100, 50, 2, []int{50, 50}},
		{101, 50, 3, []int{34, 34, 33}},
		{10, 50, 1, []int{10}},
		{100, 1, 100, nil},
		{240, 2, 120, nil},
		{500, 10, 50, nil},
	}
	for _, tt := range tests {
		f := knobs.Fleet{Minions: tt.n, PerContainer: tt.per}
		containers, sizes := f.Layout()
		assert.Equal(t, tt.containers, containers, "containers for %+v", f)
		if tt.sizes != nil {
			assert.Equal(t, tt.sizes, sizes, "sizes for %+v", f)
		}
		if f.Swarmed() {
			sum := 0
			for _, s := range sizes {
				assert.LessOrEqual(t, s, max(tt.per, knobs.SwarmSize))
				sum += s
			}
			assert.Equal(t, tt.n, sum, "every minion is run once for %+v", f)
			assert.LessOrEqual(t, containers, knobs.MaxContainers)
		} else {
			assert.Nil(t, sizes)
		}
	}
	assert.False(t, knobs.Fleet{PerContainer: 50}.Swarmed(), "the topology's own minions are no swarm")
}

// TestApplyRunsSwarms: beyond one container per minion, the clones run
// swarms: told their size and id pattern, health-checked for that many
// connections, and declared, so the roles list every minion id.
func TestApplyRunsSwarms(t *testing.T) {
	_, p := loadHot(t, func(p *types.Project) error {
		return knobs.Apply(p, knobs.Settings{Minions: 1001, SwarmStart: 1500 * time.Millisecond})
	})
	r, err := roles.FromProject(p)
	require.NoError(t, err)
	assert.Len(t, r.Minions, 21)
	ids := r.MinionIDs()
	assert.Len(t, ids, 1001)
	assert.Contains(t, ids, "salt-minion-1-048")
	assert.NotContains(t, ids, "salt-minion-1", "a swarm service's name is no minion id")
	assert.Len(t, r.Swarm, 21)
	m := p.Services["salt-minion-1"]
	assert.Equal(t, "48", *m.Environment["SALTSIM_SWARM"])
	assert.Equal(t, "salt-minion-1-%03d", *m.Environment["SALTSIM_SWARM_ID"])
	assert.Equal(t, "47", *p.Services["salt-minion-21"].Environment["SALTSIM_SWARM"])
	require.NotNil(t, m.HealthCheck)
	assert.Contains(t, m.HealthCheck.Test[len(m.HealthCheck.Test)-1], `-ge "$SALTSIM_SWARM"`)
	// The service's own command runs under minion-swarm (a process per
	// minion on real Salt, the double's swarm mode on the double), and its
	// limits and start period are sized by the swarm and the fleet.
	assert.Equal(t, lib.SwarmArgv("salt-minion", "-l", "info"), []string(m.Command))
	assert.Equal(t, types.UnitBytes(48*128<<20), m.MemLimit, "48 minions at 128 MiB each")
	assert.Equal(t, int64(48*32), m.PidsLimit)
	require.NotNil(t, m.HealthCheck.StartPeriod)
	assert.Equal(t, 1001*1500*time.Millisecond, time.Duration(*m.HealthCheck.StartPeriod), "the whole fleet starts at once")
	assert.Equal(t, "/run/saltlab-swarm", *m.Environment["SALTLAB_SWARM_ROOT"])
	assert.Contains(t, []string(m.Tmpfs), "/run/saltlab-swarm:size=768m", "the minions' directories on a tmpfs, 16 MiB each")
	_, cached := m.Environment["SALTSIM_SWARM_KEYS"]
	assert.False(t, cached, "without --keep-fleet-keys a fleet keeps no key cache")
	_, vol := p.Volumes["saltlab_swarm_keys"]
	assert.False(t, vol, "and declares no volume that would outlive the run")
	_, hasMaster := p.Services["salt-master-1"].Environment["SALTSIM_SWARM"]
	assert.False(t, hasMaster, "masters run no swarm")
}

// TestApplyWithoutSwarms: up to MaxContainers, one minion per container
// as before, and no swarm is declared.
func TestApplyWithoutSwarms(t *testing.T) {
	_, p := loadHot(t, func(p *types.Project) error { return knobs.Apply(p, knobs.Settings{Minions: 5}) })
	r, err := roles.FromProject(p)
	require.NoError(t, err)
	assert.Empty(t, r.Swarm)
	assert.Equal(t, r.Minions, r.MinionIDs())
	_, ok := p.Services["salt-minion-1"].Environment["SALTSIM_SWARM"]
	assert.False(t, ok)
}

// TestApplyKeepsFleetKeys: with --keep-fleet-keys the swarms mount the
// cache volume, which carries io.saltlab.cache and no run label.
func TestApplyKeepsFleetKeys(t *testing.T) {
	_, p := loadHot(t, func(p *types.Project) error {
		return knobs.Apply(p, knobs.Settings{Minions: 200, KeepFleetKeys: true})
	})
	m := p.Services["salt-minion-4"]
	assert.Equal(t, "/var/cache/saltlab/swarm-keys", *m.Environment["SALTSIM_SWARM_KEYS"])
	var mounted bool
	for _, v := range m.Volumes {
		mounted = mounted || (v.Source == "saltlab_swarm_keys" && v.Target == "/var/cache/saltlab/swarm-keys")
	}
	assert.True(t, mounted)
	v := p.Volumes["saltlab_swarm_keys"]
	assert.Equal(t, knobs.SwarmKeysVolume, v.Name)
	assert.True(t, bool(v.External))
	assert.Equal(t, "swarm-keys", v.Labels["io.saltlab.cache"])
}

// TestApplyRunsSmallSwarms: --minions-per-container runs a fleet below
// the default threshold in swarms, and the saved settings rebuild the
// same layout in a later process (status, down).
func TestApplyRunsSmallSwarms(t *testing.T) {
	parsed, err := knobs.Inputs{Minions: 100, MinionsPerContainer: 50}.Parse()
	require.NoError(t, err)
	s := knobs.Settings{Minions: parsed.Fleet().Minions, MinionsPerContainer: parsed.Fleet().PerContainer}
	raw, err := json.Marshal(s)
	require.NoError(t, err)
	assert.JSONEq(t, `{"minions":100,"minions_per_container":50}`, string(raw))
	var saved knobs.Settings
	require.NoError(t, json.Unmarshal(raw, &saved))
	_, p := loadHot(t, func(p *types.Project) error { return knobs.Apply(p, saved) })
	r, err := roles.FromProject(p)
	require.NoError(t, err)
	assert.Len(t, r.Minions, 2)
	assert.Len(t, r.MinionIDs(), 100)
	assert.Equal(t, map[string]int{"salt-minion-1": 50, "salt-minion-2": 50}, r.Swarm)
	assert.Equal(t, "50", *p.Services["salt-minion-2"].Environment["SALTSIM_SWARM"])
}

// TestFleetStartCountsTheWholeFleet: only swarms get a start period, and
// it counts every minion of the fleet (they all start at once).
func TestFleetStartCountsTheWholeFleet(t *testing.T) {
	tests := []struct {
		name string
		s    knobs.Settings
		want time.Duration
	}{
		{"real swarms", knobs.Settings{Minions: 200, SwarmStart: 2700 * time.Millisecond}, 540 * time.Second},
		{"small swarms", knobs.Settings{Minions: 10, MinionsPerContainer: 10, SwarmStart: 2700 * time.Millisecond}, 27 * time.Second},
		{"a container each", knobs.Settings{Minions: 100, SwarmStart: 2700 * time.Millisecond}, 0},
		{"the topology's own minions", knobs.Settings{SwarmStart: 2700 * time.Millisecond}, 0},
		{"no start allowance", knobs.Settings{Minions: 200}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.s.FleetStart())
		})
	}
}

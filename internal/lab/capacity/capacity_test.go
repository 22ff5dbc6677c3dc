package capacity

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/usage"
)

// failover is the failover topology: two masters, two minions, the
// balancer and the key-wait init.
var failover = Lab{Masters: 2, Minions: 2, Others: 2}

func TestLimit(t *testing.T) {
	gib := uint64(1 << 30)
	tests := []struct {
		name        string
		flavor      string
		m           Machine
		wantPerLab  uint64 // MiB
		wantMemory  int
		wantDefault int
	}{
		{name: "real on this machine: cores bind at two per lab", flavor: "real", m: Machine{Cores: 2, Available: 21 * gib}, wantPerLab: 1388, wantMemory: 14, wantDefault: 1},
		{name: "real, three cores: still one lab", flavor: "real", m: Machine{Cores: 3, Available: 21 * gib}, wantPerLab: 1388, wantMemory: 14, wantDefault: 1},
		{name: "real, eight cores: four labs", flavor: "real", m: Machine{Cores: 8, Available: 21 * gib}, wantPerLab: 1388, wantMemory: 14, wantDefault: 4},
		{name: "real, short of memory: memory binds", flavor: "real", m: Machine{Cores: 8, Available: 4 * gib}, wantPerLab: 1388, wantMemory: 2, wantDefault: 2},
		{name: "auto counts real Salt", flavor: "auto", m: Machine{Cores: 8, Available: 4 * gib}, wantPerLab: 1388, wantMemory: 2, wantDefault: 2},
		{name: "sim is small, three labs per two cores", flavor: "sim", m: Machine{Cores: 2, Available: 2 * gib}, wantPerLab: 224, wantMemory: 4, wantDefault: 3},
		{name: "sim, four cores: six labs", flavor: "sim", m: Machine{Cores: 4, Available: 8 * gib}, wantPerLab: 224, wantMemory: 32, wantDefault: 6},
		{name: "no room for one lab still gets one", flavor: "real", m: Machine{Cores: 2, Available: 512 << 20}, wantPerLab: 1388, wantMemory: 0, wantDefault: 1},
		{name: "one core, one lab", flavor: "sim", m: Machine{Cores: 1, Available: 8 * gib}, wantPerLab: 224, wantMemory: 32, wantDefault: 1},
		{name: "one core, one real lab", flavor: "real", m: Machine{Cores: 1, Available: 8 * gib}, wantPerLab: 1388, wantMemory: 5, wantDefault: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := For(tt.flavor, failover, tt.m)
			assert.Equal(t, tt.wantPerLab, l.PerLab/mib)
			assert.Equal(t, tt.wantMemory, l.Memory)
			assert.Equal(t, tt.wantDefault, l.Default())
		})
	}
}

func TestCheck(t *testing.T) {
	l := For("real", failover, Machine{Cores: 2, Available: 4 << 30})
	tests := []struct {
		n    int
		want string // "" passes
	}{
		{n: 1}, {n: 2},
		{n: 0, want: "want at least 1 lab"},
		{n: -3, want: "--parallel -3"},
		{n: 3, want: "holds at most 2 lab(s)"},
	}
	for _, tt := range tests {
		err := l.Check(tt.n)
		if tt.want == "" {
			assert.NoError(t, err, "n=%d", tt.n)
			continue
		}
		require.Error(t, err, "n=%d", tt.n)
		assert.Contains(t, err.Error(), tt.want)
		assert.True(t, usage.Is(err), "bad --parallel is a usage error (exit 2)")
	}
	err := l.Check(3)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "2 core(s) at 1 real lab(s) per 2 cores allow 1 lab(s); (4096 MiB available - 1024 MiB reserve) / 1388 MiB per lab (real Salt: 2 master(s) x 460 + 2 minion(s) x 170 + 2 other(s) x 64 MiB) = 2 lab(s)",
		"the message says how the limit was computed")
	assert.NoError(t, For("real", failover, Machine{Cores: 2}).Check(1), "one lab is always allowed")
}

func TestMemAvailable(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	require.NoError(t, os.WriteFile(good, []byte("MemTotal:       24684092 kB\nMemFree: 1 kB\nMemAvailable:   22538460 kB\n"), 0o644))
	got, err := memAvailable(good)
	require.NoError(t, err)
	assert.Equal(t, uint64(22538460*1024), got)
	none := filepath.Join(dir, "none")
	require.NoError(t, os.WriteFile(none, []byte("MemTotal: 1 kB\n"), 0o644))
	_, err = memAvailable(none)
	assert.ErrorContains(t, err, "no MemAvailable")
	_, err = memAvailable(filepath.Join(dir, "missing"))
	assert.Error(t, err)
}

func TestCheckFleet(t *testing.T) {
	gib := uint64(1 << 30)
	fleet := Lab{Masters: 2, Minions: 20, Others: 2, SwarmMinions: 1000}
	assert.NoError(t, CheckFleet("sim", fleet, Machine{Cores: 2, Available: 20 * gib}, 1000))
	err := CheckFleet("sim", fleet, Machine{Cores: 2, Available: 2 * gib}, 1000)
	require.Error(t, err)
	assert.True(t, usage.Is(err), "a fleet the machine cannot hold is bad input (exit 2)")
	assert.Contains(t, err.Error(), "validate --minions 1000: this machine's memory holds no such lab")
	assert.Contains(t, err.Error(), "swarm minion(s) x", "the message says how the limit was computed")
	real120 := Lab{Masters: 2, Minions: 120, Others: 2}
	err = CheckFleet("real", real120, Machine{Cores: 2, Available: 16 * gib}, 120)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "use --minions 84 or fewer", "(16384 - 1024 - 2x460 - 2x64) / 170 = 84")
	assert.NoError(t, CheckFleet("real", Lab{Masters: 2, Minions: 84, Others: 2}, Machine{Cores: 2, Available: 16 * gib}, 84))
	// Real Salt in swarms: a minion counts 64 MiB beside its container's
	// 170, so this 24 GiB machine holds 200 and refuses 1000, naming how
	// many fit: (24576 - 1024 - 2x460 - 2x64 - 20x170) / 64 = 298.
	on24 := Machine{Cores: 2, Available: 24 * gib}
	assert.NoError(t, CheckFleet("real", Lab{Masters: 2, Minions: 4, Others: 2, SwarmMinions: 200}, on24, 200))
	err = CheckFleet("real", Lab{Masters: 2, Minions: 20, Others: 2, SwarmMinions: 1000}, on24, 1000)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "+ 1000 swarm minion(s) x 64.0 MiB")
	assert.Contains(t, err.Error(), "use --minions 298 or fewer")
}

// Only the double's buses are streamed at bring-up: a real salt-run
// costs more than the probe cadence it saves (BusReadiness).
func TestBusReadiness(t *testing.T) {
	assert.True(t, BusReadiness("sim"))
	assert.False(t, BusReadiness("real"))
}

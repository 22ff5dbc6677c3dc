package prepare

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/lab/capacity"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/testenv"
	"github.com/saltlab/saltlab/internal/usage"
)

func testDrill(t *testing.T) *spec.Drill {
	root := testenv.RepoRoot(t)
	d, err := Lint(filepath.Join(root, "drills"), root, "master-frozen")
	require.NoError(t, err)
	return d
}

// TestEveryDrillLints: the catalogue's drills pass lint (schema, files,
// faults, services of their topology).
func TestEveryDrillLints(t *testing.T) {
	root := testenv.RepoRoot(t)
	names, err := spec.List(filepath.Join(root, "drills"))
	require.NoError(t, err)
	require.NotEmpty(t, names)
	for _, n := range names {
		_, err := Lint(filepath.Join(root, "drills"), root, n)
		assert.NoError(t, err, n)
	}
}

// TestCheckRoom: a drill the machine cannot hold beside those in flight
// is refused before any Docker work, naming them and the rule.
func TestCheckRoom(t *testing.T) {
	d := testDrill(t)
	services := []string{"key-wait", "nginx", "salt-master-1", "salt-master-2", "salt-minion-1", "salt-minion-2"}
	reports := t.TempDir()
	big := capacity.Machine{Cores: 2, Available: 20 << 30}
	require.NoError(t, CheckRoom(d, services, "real", reports, big))

	for _, id := range []string{"drill-a-000001"} {
		dir := filepath.Join(reports, id)
		_, err := owned.Claim(dir, 0o755)
		require.NoError(t, err)
		require.NoError(t, runstate.Save(dir, runstate.State{RunID: id}))
		require.NoError(t, (&state.Progress{Drill: "a", RunID: id}).Save(dir))
	}
	err := CheckRoom(d, services, "real", reports, big)
	require.Error(t, err)
	assert.True(t, usage.Is(err))
	assert.Contains(t, err.Error(), "1 drill(s) are running (drill-a-000001) and this machine holds 1 lab(s) of Salt real at once")
	assert.NoError(t, CheckRoom(d, services, "sim", reports, big), "three labs of the double per two cores")

	err = CheckRoom(d, services, "sim", t.TempDir(), capacity.Machine{Cores: 2, Available: 1 << 30})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "memory holds no more labs")
}

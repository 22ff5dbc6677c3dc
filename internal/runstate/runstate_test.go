package runstate

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSaveLoadListLatest(t *testing.T) {
	root := t.TempDir()
	_, err := Latest(root)
	require.ErrorIs(t, err, ErrNoRuns)

	old := State{RunID: "r-old", Project: "p1", Started: time.Unix(100, 0).UTC(), Env: map[string]string{"A": "1"}}
	newer := State{RunID: "r-new", Project: "p2", Started: time.Unix(200, 0).UTC()}
	require.NoError(t, Save(Dir(root, old.RunID), old))
	require.NoError(t, Save(Dir(root, newer.RunID), newer))
	require.NoError(t, os.MkdirAll(filepath.Join(root, "not-a-run"), 0o755))

	got, err := Load(Dir(root, "r-old"))
	require.NoError(t, err)
	assert.Equal(t, old, got)
	fi, err := os.Stat(filepath.Join(Dir(root, "r-old"), StateFile))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "run.json holds the run's API password")

	all, err := List(root)
	require.NoError(t, err)
	require.Len(t, all, 2)
	assert.Equal(t, "r-new", all[0].RunID)

	latest, err := Latest(root)
	require.NoError(t, err)
	assert.Equal(t, "r-new", latest.RunID)

	_, err = Load(Dir(root, "missing"))
	assert.ErrorContains(t, err, "load run state")
}

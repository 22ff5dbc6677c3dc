package ops

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/usage"
)

func TestRunFolder(t *testing.T) {
	dir := t.TempDir()
	got, err := RunFolder(dir, "reports")
	require.NoError(t, err)
	assert.Equal(t, dir, got, "a folder is itself")
	got, err = RunFolder("20261206-061613-684165", "reports")
	require.NoError(t, err)
	assert.Equal(t, filepath.Join("reports", "20261206-061613-684165"), got, "a run id is its folder under reports")
	_, err = RunFolder("/nonexistent/run", "reports")
	require.Error(t, err)
	assert.True(t, usage.Is(err), "a name that is neither is the user's to fix")
	assert.Contains(t, err.Error(), "/nonexistent/run is not a run folder")
}

package swarm

import (
	"os"
	"testing"

	"github.com/docker/docker/api/types/image"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/usage"
)

func TestPickDefaults(t *testing.T) {
	list := []image.Summary{
		{ID: "sha256:sim", RepoTags: []string{"saltlab/salt-sim:latest", "saltlab/salt-sim:0123456789ab", "mine/sim:x"}},
		{ID: "sha256:oldsim", RepoTags: []string{"saltlab/salt-sim:fedcba987654"}},
		{ID: "sha256:base", RepoTags: []string{"saltlab/base:bookworm"}},
		{ID: "sha256:real8", RepoTags: []string{"saltlab/salt-real:3008.4"}},
		{ID: "sha256:real7", RepoTags: []string{"saltlab/salt-real:3007.8"}},
		{ID: "sha256:h1", Created: 1, RepoTags: []string{"saltlab/chaos-helper:111111111111"}},
		{ID: "sha256:h2", Created: 2, RepoTags: []string{"saltlab/chaos-helper:222222222222"}},
		{ID: "sha256:node", RepoTags: []string{"saltlab/swarm-node:bookworm"}},
		{ID: "sha256:other", RepoTags: []string{"nginx:latest"}},
	}
	got, err := pickDefaults(list)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{
		"saltlab/salt-sim:latest":           "sha256:sim",
		"saltlab/salt-sim:0123456789ab":     "sha256:sim",
		"saltlab/base:bookworm":             "sha256:base",
		"saltlab/salt-real:3008.4":          "sha256:real8",
		"saltlab/salt-real:3007.8":          "sha256:real7",
		"saltlab/chaos-helper:222222222222": "sha256:h2",
	}, got)

	_, err = pickDefaults([]image.Summary{{ID: "sha256:other", RepoTags: []string{"nginx:latest"}}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "build them with `saltlab images`")
}

func TestLoadOptionsCheck(t *testing.T) {
	dir := t.TempDir()
	err := LoadOptions{Name: "lab", StateDir: dir}.Check()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no swarm named lab was made here")
	assert.Error(t, LoadOptions{Name: "Bad!", StateDir: dir}.Check())
}

func TestLoadOptionsRefuseBadReference(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(SocketDir(dir, "lab"), 0o700))
	err := LoadOptions{Name: "lab", StateDir: t.TempDir(), Images: []string{"Bad Ref!"}}.Check()
	require.Error(t, err)
	assert.True(t, usage.Is(err))
	assert.Contains(t, err.Error(), "is no image reference")
	assert.NoError(t, LoadOptions{Name: "lab", StateDir: dir, Images: []string{"saltlab/salt-sim:latest"}}.Check())
}

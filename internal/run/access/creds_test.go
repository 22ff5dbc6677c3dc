package access

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/lab/runstate"
)

func TestNewAPICreds(t *testing.T) {
	a, err := NewCreds()
	require.NoError(t, err)
	b, err := NewCreds()
	require.NoError(t, err)
	assert.NotEqual(t, a.Password, b.Password, "generated per run")
	assert.Len(t, a.Password, 24)
	assert.Equal(t, "saltlab", a.Username)

	dir := t.TempDir()
	env, err := WriteCreds(dir, a)
	require.NoError(t, err)
	fi, err := os.Stat(env[apiPasswordVar])
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "only the user may read the password")
	st := runstate.State{RunID: "r1", Env: env}
	saved, err := json.Marshal(st)
	require.NoError(t, err)
	assert.NotContains(t, string(saved), a.Password, "run.json never holds the password")
	got, err := Creds(st)
	require.NoError(t, err)
	assert.Equal(t, a, got, "the saved run gives the same credentials back")

	require.NoError(t, os.Remove(env[apiPasswordVar]))
	_, err = Creds(st)
	assert.ErrorContains(t, err, "read salt-api password of run r1")
}

package runner

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNewAPICreds(t *testing.T) {
	a, err := newAPICreds()
	require.NoError(t, err)
	b, err := newAPICreds()
	require.NoError(t, err)
	assert.NotEqual(t, a.Password, b.Password, "generated per run")
	assert.Len(t, a.Password, 24)
	assert.Equal(t, "saltlab", a.Username)
	assert.Equal(t, a, APICreds(apiEnv(a)), "the saved run environment gives the same credentials back")
}

package steps

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRootDirs(t *testing.T) {
	dirs, err := rootDirs(json.RawMessage(`{"base": ["/srv/salt", "/srv/spm/salt"], "dev": ["/srv/dev", "/srv/salt"]}`))
	require.NoError(t, err)
	assert.Equal(t, []string{"/srv/dev", "/srv/salt", "/srv/spm/salt"}, dirs)
	dirs, err = rootDirs(json.RawMessage(`{}`))
	require.NoError(t, err)
	assert.Empty(t, dirs)
	_, err = rootDirs(json.RawMessage(`null`))
	require.NoError(t, err, "an unset option has no directories")
	_, err = rootDirs(json.RawMessage(`"/srv/salt"`))
	assert.Error(t, err)
}

package steps

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/client"
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

func TestKeyDirOption(t *testing.T) {
	ok := client.Succeeded(nil)
	tests := []struct {
		name    string
		raw     string
		o       client.Outcome
		want    string
		wantErr string
	}{
		{"a cluster peer", `"saltlab_cluster"`, ok, "cluster_pki_dir", ""},
		{"no cluster_id", `null`, ok, "pki_dir", ""},
		{"empty cluster_id (config.get's default)", `""`, ok, "pki_dir", ""},
		{"unreadable: no guess", ``, client.Failed(nil, "exit 124"), "", "read cluster_id, which says which directory holds the minion keys: exit 124"},
		{"not a string", `{"a": 1}`, ok, "pki_dir", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := keyDirOption(json.RawMessage(tt.raw), tt.o)
			if tt.wantErr != "" {
				assert.EqualError(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

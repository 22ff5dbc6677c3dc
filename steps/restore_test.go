package steps

import (
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The restore script, run by bash on a pki_dir laid out as Salt's.
func TestKeyRestoreScript(t *testing.T) {
	const key = "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"
	for _, tt := range []struct {
		name  string
		setup map[string]string // file under pki_dir -> content
		want  map[string]string // file -> content; "" means absent
	}{
		{name: "deleted key comes back", setup: map[string]string{},
			want: map[string]string{"minions/m1": key}},
		{name: "rejected key is accepted again", setup: map[string]string{"minions_rejected/m1": key},
			want: map[string]string{"minions/m1": key, "minions_rejected/m1": ""}},
		{name: "pending key is accepted again", setup: map[string]string{"minions_pre/m1": key},
			want: map[string]string{"minions/m1": key, "minions_pre/m1": ""}},
		{name: "a key accepted again is left alone", setup: map[string]string{"minions/m1": "newer"},
			want: map[string]string{"minions/m1": "newer"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, d := range []string{"minions", "minions_pre", "minions_rejected", "minions_denied"} {
				require.NoError(t, os.Mkdir(filepath.Join(dir, d), 0o700))
			}
			for f, c := range tt.setup {
				require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte(c), 0o600))
			}
			out, err := exec.Command("bash", "-c", keyRestoreScript, "restore", dir, "m1", base64.StdEncoding.EncodeToString([]byte(key))).CombinedOutput()
			require.NoError(t, err, string(out))
			for f, c := range tt.want {
				b, err := os.ReadFile(filepath.Join(dir, f))
				if c == "" {
					assert.ErrorIs(t, err, os.ErrNotExist, f)
					continue
				}
				require.NoError(t, err)
				assert.Equal(t, c, string(b), f)
			}
		})
	}
}

package saltapi_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/testenv"
)

// pepperTimeout bounds one salt-pepper run (it waits for the silent minion).
const pepperTimeout = 60 * time.Second

// TestPepperCLI drives the real salt-pepper client (Debian package
// salt-pepper; CI installs it) against the in-process salt-api.
func TestPepperCLI(t *testing.T) {
	t.Parallel()
	bin := testenv.Tool(t, "salt-pepper", "salt-pepper", "pepper")
	l := newAPILab(t)
	home := t.TempDir()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"session login, local client", []string{"*", "test.ping"}, `{"return": [{"minion-1": true, "ghost": false}]}`},
		{"token and /run", []string{"--run-uri", "minion-1", "test.echo", "pepper"}, `{"return": [{"minion-1": "pepper"}]}`},
		{"runner client", []string{"--client", "runner", "manage.up"}, `{"return": [["minion-1"]]}`},
		{"wheel client", []string{"--client", "wheel", "key.finger", "match=nomatch"}, ``},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), pepperTimeout)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, tc.args...)
			cmd.Env = append(os.Environ(), "HOME="+home, "SALTAPI_URL="+l.api.URL, "SALTAPI_USER=saltapi", "SALTAPI_PASS=pw", "SALTAPI_EAUTH=auto")
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s", out)
			if tc.want != "" {
				assert.JSONEq(t, tc.want, string(out))
				return
			}
			var m map[string]any
			require.NoError(t, json.Unmarshal(out, &m), "%s", out)
			data := m["return"].([]any)[0].(map[string]any)["data"].(map[string]any)
			assert.Equal(t, "wheel.key.finger", data["fun"])
			assert.Equal(t, map[string]any{}, data["return"])
		})
	}
}

package cli

import (
	"path/filepath"
	"testing"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
)

func TestSaltAPIStartupErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		block  any
		code   int
		stderr string
	}{
		{"no rest_cherrypy block", nil, 0, "[ERROR   ] Did not find any netapi configurations, nothing to start"},
		{"ssl without certificates", map[string]any{"port": 8000}, 1, "[ERROR   ] Not starting 'salt.netapi.rest_cherrypy'. Options 'ssl_crt' and 'ssl_key' are required if SSL is not disabled."},
		{"unsupported token store", map[string]any{"port": 8000, "disable_ssl": true}, 1, "eauth_tokens backend is not supported"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := simtest.TempDir(t)
			o := config.Opts{"cachedir": filepath.Join(dir, "cache"), "sock_dir": dir, "log_file": ""}
			if tc.block != nil {
				o["rest_cherrypy"] = tc.block
				o["eauth_tokens"] = "rediscluster"
				if tc.name != "unsupported token store" {
					delete(o, "eauth_tokens")
				}
			}
			simtest.WriteConfig(t, dir, config.Master, o)
			res := run(t, nil, "", "salt-api", "-c", dir)
			assert.Equal(t, tc.code, res.code)
			assert.Contains(t, res.stderr, tc.stderr)
		})
	}
}

package nginxconf

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The cluster topology's balancer, as `nginx -T` printed it (captured from
// the lab's nginx with Debian's stream module), read for both Salt ports
// and for the API.
func TestStreamFailoverOfTheClusterBalancer(t *testing.T) {
	b, err := os.ReadFile("testdata/cluster-nginx-T.txt")
	require.NoError(t, err)
	src, err := os.ReadFile("../../../compose/cluster/nginx/nginx.conf")
	require.NoError(t, err)
	assert.Contains(t, string(b), string(src), "the capture is of the file the topology ships: capture it again")
	ds, err := Parse(string(b))
	require.NoError(t, err)
	for port, upstream := range map[int]string{4505: "salt_publish", 4506: "salt_request"} {
		got, err := StreamFailoverOf(ds, port)
		require.NoError(t, err)
		assert.Equal(t, Failover{ConnectTimeout: 2 * time.Second, MaxFails: 1, FailTimeout: 10 * time.Second, Upstream: upstream, IdleTimeout: time.Minute}, got)
		assert.Equal(t, 2*time.Second, got.Detour(1))
	}
	api, err := FailoverOf(ds, "/")
	require.NoError(t, err)
	assert.Equal(t, Failover{ConnectTimeout: 2 * time.Second, MaxFails: 1, FailTimeout: 5 * time.Second, Upstream: "salt_api"}, api)
}

func TestStreamFailoverOf(t *testing.T) {
	tests := []struct {
		name, conf string
		port       int
		want       Failover
		wantErr    string
	}{
		{name: "defaults", port: 4506, conf: "stream { server { listen 4506; proxy_pass u; } }",
			want: Failover{ConnectTimeout: 60 * time.Second, MaxFails: 1, FailTimeout: 10 * time.Second, IdleTimeout: 10 * time.Minute}},
		{name: "inherited from stream, the other server's value not", port: 4506,
			conf: "stream { proxy_connect_timeout 7s; proxy_timeout 90s; upstream u { server a:4506 max_fails=3 fail_timeout=30s; }\n" +
				" server { listen 4505; proxy_pass p; proxy_connect_timeout 1s; }\n server { listen 0.0.0.0:4506 reuseport; proxy_pass u; } }",
			want: Failover{ConnectTimeout: 7 * time.Second, MaxFails: 3, FailTimeout: 30 * time.Second, Upstream: "u", IdleTimeout: 90 * time.Second}},
		{name: "the server's own value wins", port: 4505,
			conf: "stream { proxy_connect_timeout 7s; server { listen [::]:4505; proxy_connect_timeout 500ms; proxy_timeout 5s; proxy_pass p; } }",
			want: Failover{ConnectTimeout: 500 * time.Millisecond, MaxFails: 1, FailTimeout: 10 * time.Second, IdleTimeout: 5 * time.Second}},
		{name: "an http server on the port is not a stream server", port: 4506, conf: "http { server { listen 4506; proxy_pass http://u; } }",
			wantErr: "no stream server listens on port 4506"},
		{name: "no proxy_pass", port: 4506, conf: "stream { server { listen 4506; return x; } }", wantErr: "has no proxy_pass"},
		{name: "next upstream off", port: 4506, conf: "stream { server { listen 4506; proxy_pass u; proxy_next_upstream off; } }",
			wantErr: "proxy_next_upstream off"},
		{name: "bad time", port: 4506, conf: "stream { server { listen 4506; proxy_pass u; proxy_connect_timeout soon; } }", wantErr: `"soon" is not a time`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds, err := Parse(tt.conf)
			require.NoError(t, err)
			got, err := StreamFailoverOf(ds, tt.port)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestAvoidance(t *testing.T) {
	assert.Equal(t, "after max_fails 2 failed connect(s) within fail_timeout 10s nginx sends it nothing for fail_timeout 10s",
		Failover{MaxFails: 2, FailTimeout: 10 * time.Second}.Avoidance())
	assert.Contains(t, Failover{}.Avoidance(), "never marks a server down")
	assert.Equal(t, 6*time.Second, Failover{ConnectTimeout: 3 * time.Second}.Detour(2))
}

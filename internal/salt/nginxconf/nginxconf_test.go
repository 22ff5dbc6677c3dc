package nginxconf

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The balancers the built-in topologies ship, read as their API paths ask.
func TestFailoverOfTheTopologies(t *testing.T) {
	tests := []struct {
		file, path string
		want       Failover
	}{
		{"../../../compose/failover/nginx/nginx.conf", "/", Failover{ConnectTimeout: 2 * time.Second, MaxFails: 1, FailTimeout: 5 * time.Second, Upstream: "salt_api"}},
		{"../../../compose/hot/nginx/nginx.conf", "/", Failover{ConnectTimeout: 2 * time.Second, MaxFails: 1, FailTimeout: 5 * time.Second, Upstream: "salt_api"}},
		{"../../../compose/ai-infra-matrix/nginx/nginx.conf", "/salt-api/", Failover{ConnectTimeout: 60 * time.Second, MaxFails: 2, FailTimeout: 10 * time.Second, Upstream: "salt_api"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			b, err := os.ReadFile(tt.file)
			require.NoError(t, err)
			ds, err := Parse(string(b))
			require.NoError(t, err)
			got, err := FailoverOf(ds, tt.path)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestFailoverOf(t *testing.T) {
	tests := []struct {
		name, conf, path string
		want             Failover
		wantErr          string
	}{
		{name: "defaults", conf: "http { server { location / { proxy_pass http://10.0.0.1:8000; } } }", path: "/",
			want: Failover{ConnectTimeout: 60 * time.Second, MaxFails: 1, FailTimeout: 10 * time.Second}},
		{name: "inherited from http, location overrides", path: "/api/run",
			conf: "http { proxy_connect_timeout 7s; upstream u { server a max_fails=3 fail_timeout=1m30s; server b; }\n" +
				" server { location / { proxy_pass http://u; } location /api/ { proxy_pass http://u/; proxy_connect_timeout 500ms; } } }",
			want: Failover{ConnectTimeout: 500 * time.Millisecond, MaxFails: 3, FailTimeout: 90 * time.Second, Upstream: "u"}},
		{name: "a location that does not cover the path is not read", path: "/",
			conf: "http { proxy_connect_timeout 7; server { location / { proxy_pass http://u; } location /other/ { proxy_connect_timeout 1s; } } }",
			want: Failover{ConnectTimeout: 7 * time.Second, MaxFails: 1, FailTimeout: 10 * time.Second}},
		{name: "backup servers are skipped", path: "/",
			conf: "upstream u { server b backup; server a max_fails=0; } server { location / { proxy_pass http://u; } }",
			want: Failover{ConnectTimeout: 60 * time.Second, MaxFails: 0, FailTimeout: 10 * time.Second, Upstream: "u"}},
		{name: "quoted and commented", path: "/",
			conf: "# configuration file /etc/nginx/nginx.conf:\nserver { # the API\n location / { proxy_pass \"http://u\"; proxy_connect_timeout '3s'; } }",
			want: Failover{ConnectTimeout: 3 * time.Second, MaxFails: 1, FailTimeout: 10 * time.Second}},
		{name: "no proxy_pass", conf: "server { location / { return 200; } }", path: "/", wantErr: "no proxy_pass applies to it"},
		{name: "bad time", conf: "server { location / { proxy_pass http://u; proxy_connect_timeout soon; } }", path: "/", wantErr: `"soon" is not a time`},
		{name: "bad unit", conf: "server { location / { proxy_pass http://u; proxy_connect_timeout 5x; } }", path: "/", wantErr: `"5x" is not a time`},
		{name: "overflowing time", conf: "server { location / { proxy_pass http://u; proxy_connect_timeout 999999999w999999999w; } }", path: "/", wantErr: "too long a time"},
		{name: "bad max_fails", conf: "upstream u { server a max_fails=x; } server { location / { proxy_pass http://u; } }", path: "/", wantErr: `max_fails="x" is not a count`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds, err := Parse(tt.conf)
			require.NoError(t, err)
			got, err := FailoverOf(ds, tt.path)
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ conf, wantErr string }{
		{"server {", `block "server" is not closed`},
		{"}", `line 1: "}" closes no block`},
		{"listen 80", `directive "listen" has no ";" at the end`},
		{"server { listen 80 }", `directive "listen" has no ";"`},
		{"{ }", "a block without a name"},
		{"return 200 \"oops;", "unterminated quoted string"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.conf)
		assert.ErrorContains(t, err, tt.wantErr, tt.conf)
	}
}

// The balancer's config comes from a container: whatever it prints, the
// parser returns directives or an error, never panics, and FailoverOf
// never returns a negative duration.
func FuzzParse(f *testing.F) {
	for _, file := range []string{"../../../compose/failover/nginx/nginx.conf", "../../../compose/ai-infra-matrix/nginx/nginx.conf", "../../../compose/cluster/nginx/nginx.conf"} {
		b, err := os.ReadFile(file)
		require.NoError(f, err)
		f.Add(string(b), "/")
	}
	f.Add("upstream u { server a max_fails=3 fail_timeout=1m30s; }", "/x")
	f.Fuzz(func(t *testing.T, conf, path string) {
		ds, err := Parse(conf)
		if err != nil {
			return
		}
		fo, err := FailoverOf(ds, path)
		if err == nil {
			assert.GreaterOrEqual(t, fo.ConnectTimeout, time.Duration(0))
			assert.GreaterOrEqual(t, fo.FailTimeout, time.Duration(0))
		}
		for _, port := range []int{4505, 4506} {
			if fo, err := StreamFailoverOf(ds, port); err == nil {
				assert.GreaterOrEqual(t, fo.ConnectTimeout, time.Duration(0))
				assert.GreaterOrEqual(t, fo.FailTimeout, time.Duration(0))
			}
		}
	})
}

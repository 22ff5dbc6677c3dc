package saltapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseAPIOpts(t *testing.T) {
	tests := []struct {
		name    string
		block   any
		want    apiOpts
		wantErr string
	}{
		{"no block", nil, apiOpts{}, "Did not find any netapi configurations, nothing to start"},
		{"no port", map[string]any{"disable_ssl": true}, apiOpts{}, "'port' not specified in config"},
		{"ssl required", map[string]any{"port": 8000}, apiOpts{}, "Not starting 'salt.netapi.rest_cherrypy'. Options 'ssl_crt' and 'ssl_key' are required if SSL is not disabled."},
		{"bad port", map[string]any{"port": 70000, "disable_ssl": true}, apiOpts{}, "invalid port"},
		{"defaults", map[string]any{"port": 8000, "disable_ssl": true}, apiOpts{Port: 8000, Host: "0.0.0.0", DisableSSL: true, RootPrefix: "/", WebhookURL: "/hook", EnableSessions: true}, ""},
		{"tls and prefix", map[string]any{"port": 8443, "ssl_crt": "/c", "ssl_key": "/k", "root_prefix": "/api/", "host": "127.0.0.1"},
			apiOpts{Port: 8443, Host: "127.0.0.1", SSLCrt: "/c", SSLKey: "/k", RootPrefix: "/api", WebhookURL: "/hook", EnableSessions: true}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := config.Opts{}
			if tc.block != nil {
				o["rest_cherrypy"] = tc.block
			}
			got, err := parseAPIOpts(o)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestBestType(t *testing.T) {
	tests := []struct{ accept, want string }{
		{"", "application/json"},
		{"*/*", "application/json"},
		{"application/x-yaml", "application/x-yaml"},
		{"application/json;q=0.5, application/x-yaml", "application/x-yaml"},
		{"application/*", "application/json"},
		{"text/html", ""},
	}
	for _, tc := range tests {
		t.Run(tc.accept, func(t *testing.T) {
			got, err := bestType(tc.accept)
			if tc.want == "" {
				var he *httpError
				require.ErrorAs(t, err, &he)
				assert.Equal(t, http.StatusNotAcceptable, he.status)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestReadBody(t *testing.T) {
	tests := []struct {
		name, ct, body string
		want           any
		status         int
	}{
		{"json list", "application/json", `[{"fun": "test.ping", "timeout": 3}]`, []any{map[string]any{"fun": "test.ping", "timeout": int64(3)}}, 0},
		{"yaml", "application/x-yaml", "- fun: test.ping\n", []any{map[string]any{"fun": "test.ping"}}, 0},
		{"text/yaml", "text/yaml", "fun: x\n", map[string]any{"fun": "x"}, 0},
		{"form with repeated arg", "application/x-www-form-urlencoded", "fun=f&arg=a&arg=b", map[string]any{"fun": "f", "arg": []any{"a", "b"}}, 0},
		{"text/plain json", "text/plain", `{"a": 1}`, map[string]any{"a": int64(1)}, 0},
		{"text/plain other", "text/plain", `hello`, "hello", 0},
		{"invalid json", "application/json", `{`, nil, 400},
		{"unsupported type", "application/xml", `<a/>`, nil, 406},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/", strings.NewReader(tc.body))
			r.Header.Set("Content-Type", tc.ct)
			got, _, err := readBody(r)
			if tc.status != 0 {
				var he *httpError
				require.ErrorAs(t, err, &he)
				assert.Equal(t, tc.status, he.status)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
	r := httptest.NewRequest("POST", "/", nil)
	got, _, err := readBody(r)
	require.NoError(t, err)
	assert.Nil(t, got, "no body means no lowstate")
}

func TestSessionStoreSlidesAndExpires(t *testing.T) {
	s := newSessionStore()
	now := time.Unix(0, 0)
	s.now = func() time.Time { return now }
	s.put("a1", "tok", time.Hour)
	now = now.Add(50 * time.Minute)
	tok, ok := s.get("a1")
	require.True(t, ok)
	assert.Equal(t, "tok", tok)
	now = now.Add(50 * time.Minute) // 100 min after login, 50 after the last use
	_, ok = s.get("a1")
	assert.True(t, ok, "the timeout slides with use")
	now = now.Add(61 * time.Minute)
	_, ok = s.get("a1")
	assert.False(t, ok, "idle longer than the timeout")
	_, ok = s.get("unknown")
	assert.False(t, ok)
}

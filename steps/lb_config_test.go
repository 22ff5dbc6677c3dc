package steps

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/salt/nginxconf"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

func TestConfFlag(t *testing.T) {
	tests := []struct {
		cmdline string
		want    []string
	}{
		{"nginx\x00-c\x00/etc/saltlab/nginx.conf\x00-g\x00daemon off;\x00", []string{"-c", "/etc/saltlab/nginx.conf"}},
		{"/sbin/docker-init\x00--\x00nginx\x00-c\x00/x.conf\x00\n/usr/sbin/nginx\x00-c\x00/etc/saltlab/nginx.conf\x00\n", []string{"-c", "/etc/saltlab/nginx.conf"}},
		{"nginx: master process nginx -g daemon off;", nil},
		{"nginx: master process nginx -c /etc/saltlab/nginx.conf -g daemon off;\nsh -c for f\nnginx: worker process\n", []string{"-c", "/etc/saltlab/nginx.conf"}},
		{"nginx\x00-c\x00", nil},
		{"", nil},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, confFlag(tt.cmdline), "%q", tt.cmdline)
	}
}

func TestLoadBalancerBounds(t *testing.T) {
	fo := nginxconf.Failover{ConnectTimeout: 60 * time.Second}
	b := withDetour(fo, saltcfg.Bound{Limit: 19 * time.Second, Explain: "alive check"})
	assert.Equal(t, saltcfg.Bound{Limit: 79 * time.Second, Explain: "alive check + nginx proxy_connect_timeout 1m0s"}, b)
	assert.Equal(t, saltcfg.Bound{Limit: 68 * time.Second, Explain: "nginx proxy_connect_timeout 1m0s + process slack 8s"}, detourBound(fo, 8*time.Second))
}

func TestClusterBound(t *testing.T) {
	m, err := saltcfg.Parse("master: salt-lb\nmaster_alive_interval: 2\nmaster_tries: -1\nauth_timeout: 3\nauth_tries: 2\n")
	assert.NoError(t, err)
	own, err := m.ClusterBound()
	assert.NoError(t, err)
	fos := []nginxconf.Failover{
		{ConnectTimeout: 2 * time.Second, IdleTimeout: time.Minute, Upstream: "salt_publish"},
		{ConnectTimeout: 3 * time.Second, IdleTimeout: 30 * time.Second, Upstream: "salt_request"},
	}
	b, err := clusterBoundOf(fos, m)
	assert.NoError(t, err)
	assert.Equal(t, time.Minute+own.Limit+5*time.Second, b.Limit)
	assert.Equal(t, "nginx stream proxy_timeout 1m0s + "+own.Explain+
		" + upstream salt_publish: nginx proxy_connect_timeout 2s + upstream salt_request: nginx proxy_connect_timeout 3s", b.Explain)

	hot, err := saltcfg.Parse("master: [m1, m2]\nmaster_alive_interval: 2\nmaster_tries: -1\n")
	assert.NoError(t, err)
	_, err = clusterBoundOf(fos, hot)
	assert.ErrorContains(t, err, "want one master entry")
}

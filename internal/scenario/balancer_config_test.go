package scenario

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
	b := WithDetour(fo, saltcfg.Bound{Limit: 19 * time.Second, Explain: "alive check"})
	assert.Equal(t, saltcfg.Bound{Limit: 79 * time.Second, Explain: "alive check + nginx proxy_connect_timeout 1m0s"}, b)
	assert.Equal(t, saltcfg.Bound{Limit: 68 * time.Second, Explain: "nginx proxy_connect_timeout 1m0s + process slack 8s"}, DetourBound(fo, 8*time.Second))
}

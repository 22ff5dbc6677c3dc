package steps

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/salt/nginxconf"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
)

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

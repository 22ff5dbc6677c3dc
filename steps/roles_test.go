package steps

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/scenario/scenariotest"
)

// TestFailoverBoundUsesDeclaredOrder: when the minions name their masters
// by an address that is not the service (the ai-infra-matrix layout, a
// forwarder's host:port), the failover bound takes the master's position
// from the topology's declared order and says so.
func TestFailoverBoundUsesDeclaredOrder(t *testing.T) {
	lab := scenariotest.NewLab()
	lab.Config = strings.Replace(lab.Config, "[salt-master-1, salt-master-2]", "['docker-host:4505', 'docker-host:4507']", 1)
	status, out, ms, _ := runFeature(t, "../features/failover/stop_master.feature", lab)
	require.Equal(t, 0, status, out)
	var details []string
	for _, m := range ms.For("Stopping master-1 moves salt-call and the minion daemons to master-2") {
		details = append(details, m.String())
	}
	assert.Contains(t, strings.Join(details, "\n"), "salt-master-2 is master 2 of the topology's declared order, as the minion's master list [docker-host:4505 docker-host:4507] does not name it")
}

// TestAPIUsesDeclaredBasePath: a feature that names no path reaches the
// salt-api under the topology's declared base path (ai-infra-matrix serves
// it under /salt-api/; "/" answers 404 there).
func TestAPIUsesDeclaredBasePath(t *testing.T) {
	lab := scenariotest.NewLab()
	lab.BasePath = "/salt-api/"
	status, out, _, _ := runFeature(t, "../features/api/lb_failover.feature", lab)
	require.Equal(t, 0, status, out)
	assert.Contains(t, out, "refusal: valid")
}

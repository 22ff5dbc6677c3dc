//go:build docker

package e2e

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFailbackOnReturnsTheMinionsOnTheDouble runs the failback feature with
// master_failback switched on through --set (the topology ships it off,
// which the default suite covers): the step reads the setting from the
// minions' own configuration and expects the daemons back on master-1
// within saltcfg.FailbackBound.
func TestFailbackOnReturnsTheMinionsOnTheDouble(t *testing.T) {
	parallelLab(t)
	out := runPasses(t, "failback", []string{"--topology", "failover", "--set", "minion.master_failback=true", "--tags", "@failback"},
		"Master-1 stops and comes back; the minions return to it exactly when master_failback is on")
	assert.Contains(t, out, "master_failback is true on every minion: expecting the daemons to return to salt-master-1")
	assert.Contains(t, out, "failover-time: valid: salt-minion-1: served by salt-master-1 after")
}

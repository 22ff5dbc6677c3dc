package lab

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every minion waits on its masters at once; a master's relapse must be
// told once and its recovery once, and a service never ready is broken,
// not relapsed.
func TestHealthMemoryTellsARelapseOnce(t *testing.T) {
	var m healthMemory
	relapsed, first := m.relapse("master")
	assert.False(t, relapsed, "never ready: broken, not relapsed")
	assert.False(t, first)

	_, recovered := m.markReady("master")
	assert.False(t, recovered, "a first ready ends no relapse")

	steps := []struct {
		name          string
		relapsed, new bool
	}{
		{"first waiter sees it", true, true},
		{"second waiter, same relapse", true, false},
		{"third waiter, same relapse", true, false},
	}
	for _, s := range steps {
		relapsed, first := m.relapse("master")
		assert.Equal(t, s.relapsed, relapsed, s.name)
		assert.Equal(t, s.new, first, s.name)
	}

	from, recovered := m.markReady("master")
	assert.True(t, recovered)
	assert.False(t, from.IsZero())
	_, recovered = m.markReady("master")
	assert.False(t, recovered, "the recovery is told once")

	relapsed, first = m.relapse("master")
	assert.True(t, relapsed && first, "a later relapse is a new one")
}

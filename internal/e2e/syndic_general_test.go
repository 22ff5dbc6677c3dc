//go:build docker

package e2e

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSyndicOnceGeneralOnTheDouble runs the syndic topology's default
// suite (`make lab TOPOLOGY=syndic`: its own feature, family 5 and the
// upstream syndic mirrors, but @slow) on the double. Family 5: with one syndic stopped, and
// again paused, the master of masters still reaches every minion exactly
// once, each return on exactly one syndic's bus, and after the heal both
// syndics republish its jobs. The syndic nodes' buses are recorded, so the
// relay evidence comes from them (salt-semantics §6.2, §6.3). The
// topology's own @syndic feature is part of it: `salt '*' test.ping` on the
// master of masters reaches every minion through both syndics, each
// minion exactly once, and a cmd.run job executes once per minion.
func TestSyndicOnceGeneralOnTheDouble(t *testing.T) {
	parallelLab(t)
	out := runPasses(t, "syndic-once", []string{"--topology", "syndic", "--tags", "not @slow"},
		"One syndic stop, every minion is still reached exactly once, and both syndics relay again after the heal",
		"One syndic pause, every minion is still reached exactly once, and both syndics relay again after the heal",
		"A job from the master of masters reaches every minion through the syndics",
		"A job from the master of masters runs once on every minion")
	assert.Contains(t, out, "documents per id: map[salt-minion-1:1 salt-minion-2:1", "each minion answered once")
	assert.Contains(t, out, "1 return event(s) on the syndic buses (valid)", "the syndic buses were recorded and judged")
	assert.Contains(t, out, "syndic salt-syndic-1: republished job", "the healed syndic relays again")
}

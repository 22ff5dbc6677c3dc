package state

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConsoleWatching: a console marks the drill watched while it runs,
// and a console that ended (its lock released, as the kernel does when
// it dies) leaves it unwatched.
func TestConsoleWatching(t *testing.T) {
	dir := runDir(t)
	assert.False(t, ConsoleWatching(dir), "no console yet")
	release, err := WatchConsole(dir)
	require.NoError(t, err)
	assert.True(t, ConsoleWatching(dir))
	second, err := WatchConsole(dir)
	require.NoError(t, err, "two consoles may watch")
	release()
	assert.True(t, ConsoleWatching(dir), "one still watches")
	second()
	assert.False(t, ConsoleWatching(dir))
}

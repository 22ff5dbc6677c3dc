package simtest

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReservePortIsExclusiveUntilReleased(t *testing.T) {
	lo, hi := portRange()
	var port int
	var first []*os.File
	for port = lo; port < hi; port++ {
		if f, ok := reservePort(port); ok {
			first = append(first, f)
			break
		}
	}
	require.NotEmpty(t, first, "no port in [%d,%d) could be reserved", lo, hi)

	_, again := reservePort(port)
	assert.False(t, again, "a second reservation of %d, as a parallel test would make, must fail", port)

	releasePorts(first)
	f, ok := reservePort(port)
	require.True(t, ok, "port %d must be free to reserve once released", port)
	releasePorts([]*os.File{f})
}

func TestPortsAreReservedForTheTest(t *testing.T) {
	var pub, ret int
	t.Run("inner", func(t *testing.T) {
		pub, ret = Ports(t, "127.0.0.1")
		assert.NotEqual(t, pub, ret)
		for _, p := range []int{pub, ret} {
			_, ok := reservePort(p)
			assert.False(t, ok, "port %d is handed out, so no other test may reserve it", p)
		}
	})
	for _, p := range []int{pub, ret} {
		f, ok := reservePort(p)
		require.True(t, ok, "port %d is released when the test that took it ends", p)
		releasePorts([]*os.File{f})
	}
}

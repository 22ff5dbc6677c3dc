package master_test

import (
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The master's start and stop log lines (INFER: texts of Salt's
// salt.master / salt.transport loggers, not observed at runtime) in the
// order the double logs them, and the ports closed after the stop line.
func TestMasterStartStopLogLines(t *testing.T) {
	t.Parallel()
	root := simtest.TempDir(t)
	pub, ret := simtest.Ports(t, "127.0.0.1")
	o := simtest.MasterOpts(root, "127.0.0.1", pub, ret, filepath.Join(root, "pki"))
	m := simtest.StartMaster(t, o)
	pubAddr := net.JoinHostPort("127.0.0.1", strconv.Itoa(pub))
	retAddr := net.JoinHostPort("127.0.0.1", strconv.Itoa(ret))
	start := []string{
		"[INFO    ] Setting up the Salt Master",
		"[INFO    ] Starting the Salt Publisher on tcp://" + pubAddr,
		"[INFO    ] Setting up the master communication server on tcp://" + retAddr,
	}
	require.Eventually(t, func() bool { return strings.Contains(m.Log.String(), start[len(start)-1]) },
		5*time.Second, 10*time.Millisecond, "start lines missing; log:\n%s", m.Log.String())
	simtest.AssertInOrder(t, m.Log.String(), start)
	assert.NotContains(t, m.Log.String(), "The salt master is shut down.")

	m.Stop()
	simtest.AssertInOrder(t, m.Log.String(), append(start, "[INFO    ] The salt master is shut down."))
	for _, addr := range []string{pubAddr, retAddr} {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
		}
		assert.Error(t, err, "%s still listening after stop", addr)
	}
}

package steps

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDaemonIdentityCountsOnlyMinionChildren runs the identity script on a
// real process tree: a parent with a child named salt-minion (a worker)
// and one that is not (an orphan handed to pid 1). Only the worker counts,
// so the orphan coming or going never reads as a restart.
func TestDaemonIdentityCountsOnlyMinionChildren(t *testing.T) {
	for _, tool := range []string{"bash", "pgrep", "sed", "cut"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the identity script needs %s: %v", tool, err)
		}
	}
	parent := exec.Command("bash", "-c", `(exec -a salt-minion sleep 30) & sleep 30 & wait`)
	require.NoError(t, parent.Start())
	t.Cleanup(func() { _ = parent.Process.Kill(); _ = parent.Wait() })
	pid := parent.Process.Pid

	var fields []string
	require.Eventually(t, func() bool { // both children forked and named
		out, err := exec.Command("pgrep", "-P", strconv.Itoa(pid)).Output()
		if err != nil || len(strings.Fields(string(out))) < 2 {
			return false
		}
		out, err = exec.Command("bash", "-c", daemonIdentityScript(pid)).Output()
		require.NoError(t, err)
		fields = strings.Fields(string(out))
		return len(fields) == 2
	}, 5*time.Second, 20*time.Millisecond)

	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	require.NoError(t, err)
	after := strings.Fields(string(stat)[strings.LastIndex(string(stat), ")")+2:])
	assert.Equal(t, after[19], fields[0], "the parent's start time, field 22 of stat")
	cmdline, err := os.ReadFile("/proc/" + fields[1] + "/cmdline")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(cmdline), "salt-minion\x00"), "the counted child is the worker, got %q", cmdline)
}

//go:build docker

package e2e

import (
	"context"
	"os/exec"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRealSaltDrillTestsItself: a drill's self-test holds on real Salt
// too, not only on the double: master-frozen's incident leaves every task
// not met, its wrong fix is rejected, its solution meets every task, and
// nothing of its labs is left.
func TestRealSaltDrillTestsItself(t *testing.T) {
	t.Parallel()
	requireIndex(t)
	realGroup.Hold(t, "real image slot")
	bin := saltlabBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), realRunTimeout)
	defer cancel()
	reports := t.TempDir()
	cmd := exec.CommandContext(ctx, bin, "drill", "test", "master-frozen", "--salt", "real", "--reports", reports)
	cmd.Dir = repoRoot
	out, err := cmd.CombinedOutput()
	t.Log(tail(string(out), 40))
	require.NoError(t, err, tail(string(out), 20))
	assert.Regexp(t, `self-test master-frozen on real: incident breaks every task; the wrong fix leaves \S+`, string(out))
	assert.Contains(t, string(out), "self-test master-frozen on real: the solution met every task")
	ids := map[string]bool{}
	for _, id := range regexp.MustCompile(`drill-master-frozen-[0-9a-f]{6}`).FindAllString(string(out), -1) {
		ids[id] = true
	}
	assert.Len(t, ids, 2, "two labs: the wrong fix's and the solution's")
	for id := range ids {
		assertNothingLeft(t, id)
	}
}

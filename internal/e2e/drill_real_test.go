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
// not met, its solution meets every task, its wrong fix (on the same lab,
// the incident again) is rejected, and nothing of the lab is left.
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
	assert.Regexp(t, `self-test master-frozen on real: the incident breaks every task; the solution met every task in \S+`, string(out))
	assert.Regexp(t, `self-test master-frozen on real: the wrong fix leaves \S+.* not met \(on the solution's lab, the incident again: true\)`, string(out))
	ids := map[string]bool{}
	for _, id := range regexp.MustCompile(`drill-master-frozen-[0-9a-f]{6}`).FindAllString(string(out), -1) {
		ids[id] = true
	}
	// The wrong fix's round runs on the solution's lab, the incident
	// injected again (master-frozen has no delayed action to replay).
	assert.Len(t, ids, 1, "one lab: the solution's, reused for the wrong fix's round")
	for id := range ids {
		assertNothingLeft(t, id)
	}
}

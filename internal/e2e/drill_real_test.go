//go:build docker

package e2e

import (
	"context"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRealSaltDrillTestsItself: the drills that need real Salt (those
// left out of the double) hold their self-test on real Salt: the
// incident leaves every task not met, the solution meets every task,
// the wrong fix (on the same lab, the incident again, when the
// drill can be rearmed) is rejected, and nothing of the lab is left.
// The double's self-test (internal/drill/selftest) covers the rest; real
// Salt judges the faults and checkers those drills are made of in the
// real comparison (TestRealSaltAgreesWithTheDouble). A drill of the
// double on real Salt by hand: `saltlab drill test NAME --salt real`
// (master-frozen's passed in 92 s in a CI run, docs/benchmarks.md);
// in make test it cost every CI run that minute and a half of the
// machine, real Salt running alone.
func TestRealSaltDrillTestsItself(t *testing.T) {
	t.Parallel()
	requireIndex(t)
	bin := saltlabBinary(t)
	onReal := drillsOnReal(t, bin)
	require.NotEmpty(t, onReal, "the catalogue has drills left out of the double (gate-hotfix-state)")
	realGroup.Hold(t, "real image slot")
	for _, n := range onReal {
		t.Run(n, func(t *testing.T) { realDrillTestsItself(t, bin, n) })
	}
}

// drillsOnReal reads `saltlab drill list` (a column SALT of flavours per
// drill) for the drills whose self-test runs on real Salt here: those
// left out of the double.
func drillsOnReal(t *testing.T, bin string) []string {
	cmd := exec.Command(bin, "drill", "list")
	cmd.Dir = repoRoot
	out, err := cmd.Output()
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Greater(t, len(lines), 1, "drill list prints a header and the drills")
	head := strings.Fields(lines[0])
	col := slices.Index(head, "SALT")
	require.GreaterOrEqual(t, col, 1, "drill list's header names a SALT column: %q", lines[0])
	var onReal []string
	for _, l := range lines[1:] {
		f := strings.Fields(l)
		if len(f) == 0 {
			break // the table ends at a blank line; a how-to-start line follows
		}
		require.Greater(t, len(f), col, "drill list line %q", l)
		flavours := strings.Split(f[col], ",")
		if !slices.Contains(flavours, "sim") {
			require.Contains(t, flavours, "real", "drill %s runs on neither the double nor real Salt", f[0])
			onReal = append(onReal, f[0])
		}
	}
	return onReal
}

// realDrillTestsItself runs `saltlab drill test NAME --salt real` and
// checks its verdicts and that its lab is gone.
func realDrillTestsItself(t *testing.T, bin, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), realRunTimeout)
	defer cancel()
	reports := t.TempDir()
	cmd := exec.CommandContext(ctx, bin, "drill", "test", name, "--salt", "real", "--reports", reports)
	cmd.Dir = repoRoot
	out, err := cmd.CombinedOutput()
	t.Log(tail(string(out), 40))
	require.NoError(t, err, tail(string(out), 20))
	q := regexp.QuoteMeta(name)
	assert.Regexp(t, `self-test `+q+` on real: the incident breaks every task; the solution met every task in \S+`, string(out))
	wrong := regexp.MustCompile(`self-test ` + q + ` on real: the wrong fix leaves \S+.* not met \(on the solution's lab, the incident again: (true|false)\)`).FindStringSubmatch(string(out))
	require.NotNil(t, wrong, "the wrong fix's verdict")
	ids := map[string]bool{}
	for _, id := range regexp.MustCompile(`drill-`+q+`-[0-9a-f]{6}`).FindAllString(string(out), -1) {
		ids[id] = true
	}
	require.NotEmpty(t, ids, "the self-test names its lab")
	if wrong[1] == "true" {
		// The wrong fix's round ran on the solution's lab, the
		// incident injected again: one lab, not two.
		assert.Len(t, ids, 1, "one lab: the solution's, reused for the wrong fix's round")
	}
	for id := range ids {
		assertNothingLeft(t, id)
	}
}

package testenv

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Under CI=true a test that cannot run fails; elsewhere it skips, and
// both say why.
func TestCannotRunFailsUnderCIAndSkipsElsewhere(t *testing.T) {
	for _, tc := range []struct {
		ci        string
		wantFatal bool
	}{
		{"true", true}, {"1", true}, {"TRUE", true},
		{"yes-please", true},
		{"", false}, {"false", false}, {"0", false},
	} {
		t.Run("CI="+tc.ci, func(t *testing.T) {
			r := &recorder{}
			cannotRun(r, func(k string) string {
				if k == "CI" {
					return tc.ci
				}
				return ""
			}, "no package index answers")
			if tc.wantFatal {
				assert.Contains(t, r.failed, "FAILED under CI")
				assert.Contains(t, r.failed, "no package index answers")
				assert.Empty(t, r.skipped)
			} else {
				assert.Contains(t, r.skipped, "SKIPPED (not a pass)")
				assert.Contains(t, r.skipped, "no package index answers")
				assert.Empty(t, r.failed)
			}
		})
	}
}

package testenv

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// recorder catches Skipf and Fatalf instead of ending the test.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Skipf(f string, a ...any)  { r.skipped = fmt.Sprintf(f, a...) }
func (r *recorder) Fatalf(f string, a ...any) { r.failed = fmt.Sprintf(f, a...) }

func TestTool(t *testing.T) {
	r := &recorder{TB: t}
	assert.NotEmpty(t, Tool(r, "dash", "no-such-tool-saltlab", "sh"), "the first name found wins")
	assert.Empty(t, r.skipped+r.failed)

	t.Setenv("CI", "")
	r = &recorder{TB: t}
	Tool(r, "frob-tools", "no-such-tool-saltlab")
	assert.Equal(t, "SKIPPED (not a pass): no-such-tool-saltlab is missing: install Debian's frob-tools (make test-prereqs does) to run this test", r.skipped)

	t.Setenv("CI", "true")
	r = &recorder{TB: t}
	Tool(r, "frob-tools", "no-such-tool-saltlab")
	assert.Equal(t, "FAILED under CI (CI requires this test, so it may not skip): no-such-tool-saltlab is missing: install Debian's frob-tools (make test-prereqs does) to run this test", r.failed)
}

package cli

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/config"
	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
)

// §1.6: master_type disable keeps salt-minion running without any master
// connection; an unknown keyword exits 1 (sys.exit(EX_GENERIC)).
func TestMinionMasterTypeKeywords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		masterType string
		code       int
		stillUp    bool // the daemon is still running when the test ends it
		stderr     string
	}{
		{name: "disable", masterType: "disable", stillUp: true, stderr: "[WARNING ] Master is set to disable, skipping connection"},
		{name: "invalid keyword", masterType: "bogus", code: 1, stderr: "[ERROR   ] Invalid keyword 'bogus' for variable 'master_type'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := newCallFixture(t, nil)
			o := f.minion.Copy()
			o["master_type"] = tc.masterType
			simtest.WriteConfig(t, f.dir, config.Minion, o)
			// upBound is how long a disabled minion is watched staying up.
			const upBound = 1500 * time.Millisecond
			ctx, cancel := context.WithTimeout(context.Background(), upBound)
			defer cancel()
			var out, errb strings.Builder
			code := Main(ctx, "salt-minion", []string{"-c", f.dir, "-l", "info"}, &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
				Resolver: f.r, ProcNet: "/proc/net", Probe: 200 * time.Millisecond, Hostname: func() (string, error) { return "testhost", nil }})
			assert.Equal(t, tc.stillUp, ctx.Err() != nil, "still running at the end: stderr %s", errb.String())
			assert.Equal(t, tc.code, code)
			assert.Contains(t, errb.String(), tc.stderr)
			assert.NotContains(t, errb.String(), "Authentication accepted", "no master contact")
		})
	}
}

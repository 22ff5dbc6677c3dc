package cli

import (
	"fmt"
	"testing"

	"github.com/saltlab/saltlab/internal/sim/simtest"
	"github.com/stretchr/testify/assert"
)

// §1.3 (INFER): in the list path every entry goes through prep_ip_port,
// whose opts.update leaves an entry's port in master_port, so an entry
// without a port inherits the port of the entry handled before it — also
// from the pre-pass that resolves the whole list first. The minion's own
// master_port here is a port nobody listens on, so only an inherited port
// reaches the master.
func TestListEntryPortLeaks(t *testing.T) {
	t.Parallel()
	_, deadPort := simtest.Ports(t, "127.0.0.1", "127.0.0.2")
	tests := []struct {
		name   string
		list   func(ret int) []any
		code   int
		stderr string
	}{
		{name: "port of a dead first entry carries over to the next",
			list: func(ret int) []any { return []any{fmt.Sprintf("salt-dead:%d", ret), "salt"} }},
		{name: "pre-pass leaves the last entry's port for the first",
			list: func(ret int) []any { return []any{"salt", fmt.Sprintf("salt-dead:%d", ret)} }},
		{name: "no entry with a port uses master_port",
			list: func(int) []any { return []any{"salt-dead", "salt"} }, code: 1,
			stderr: "No master could be reached or all masters denied the minion's connection attempt."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := newCallFixture(t, nil)
			res := f.call(t, map[string]any{
				"master_type": "failover", "master": tc.list(f.retPort),
				"master_port": deadPort, "auth_timeout": 0.3,
			}, "--out=json", "test.ping")
			assert.Equal(t, tc.code, res.code, "stdout=%q stderr=%q", res.stdout, res.stderr)
			if tc.code == 0 {
				assert.Equal(t, "{\n    \"local\": true\n}\n", res.stdout)
			}
			assert.Contains(t, res.stderr, tc.stderr)
		})
	}
}

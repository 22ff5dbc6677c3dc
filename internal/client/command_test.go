package client

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// The one builder makes every Salt command line; their history names are
// the history's own (internal/evidence/history ops.go), the ones the steps
// record under and the checkers look for.
func TestCommandLines(t *testing.T) {
	for _, tt := range []struct {
		name string
		cmd  Cmd
		argv []string
		op   string
	}{
		{name: "salt-call", cmd: SaltCall("test.ping"), op: history.CallPingOp,
			argv: []string{"salt-call", "--out=json", "test.ping"}},
		{name: "salt-call with args", cmd: SaltCall("event.send", "tag", "data={}"), op: "salt-call event.send",
			argv: []string{"salt-call", "--out=json", "event.send", "tag", "data={}"}},
		{name: "salt-call through one master", cmd: SaltCallVia("m2", "test.ping"), op: history.CallPingOp,
			argv: []string{"salt-call", "--out=json", "--master", "m2", "test.ping"}},
		{name: "salt-call --local", cmd: SaltCallLocal("config.get", "master"), op: history.ConfigGetLocalOp,
			argv: []string{"salt-call", "--out=json", "--local", "config.get", "master"}},
		{name: "salt-call --local config.items", cmd: SaltCallLocal("config.items"), op: history.ConfigItemsLocalOp,
			argv: []string{"salt-call", "--out=json", "--local", "config.items"}},
		{name: "state.apply through one master", cmd: StateApply("m1", false), op: history.StateApplyOp,
			argv: []string{"salt-call", "--out=json", "--master", "m1", "state.apply"}},
		{name: "pillar.items through one master", cmd: PillarItems("m1"), op: history.PillarItemsOp,
			argv: []string{"salt-call", "--out=json", "--master", "m1", "pillar.items"}},
		{name: "salt with a CLI timeout", cmd: Salt("*", 7, "test.ping"), op: history.SaltPingOp,
			argv: []string{"salt", "--out=json", "-t7", "*", "test.ping"}},
		{name: "salt with the master's timeout", cmd: Salt("m1", 0, "cmd.run", "true"), op: "salt cmd.run",
			argv: []string{"salt", "--out=json", "m1", "cmd.run", "true"}},
		{name: "a probe of the fleet", cmd: SaltFleet(5, "test.ping"), op: history.SaltPingOp,
			argv: []string{"salt", "--out=json", "-t5", "*", "test.ping"}},
		{name: "a probe of the minions not yet served", cmd: SaltFleet(5, "test.ping", "m1", "m3"), op: history.SaltPingOp,
			argv: []string{"salt", "--out=json", "-t5", "-L", "m1,m3", "test.ping"}},
		{name: "key list", cmd: SaltKey("-L"), op: history.KeyListOp,
			argv: []string{"salt-key", "--out=json", "-L"}},
		{name: "fingerprints", cmd: SaltKey("-F"), op: history.FingerOp,
			argv: []string{"salt-key", "--out=json", "-F"}},
		{name: "delete", cmd: SaltKeyAction("delete", "m1"), op: history.KeyActionOp("delete"),
			argv: []string{"salt-key", "--out=json", "-d", "m1", "-y"}},
		{name: "reject an accepted key", cmd: SaltKeyAction("reject", "m1"), op: history.KeyActionOp("reject"),
			argv: []string{"salt-key", "--out=json", "-r", "m1", "--include-accepted", "-y"}},
		{name: "accept from any state", cmd: SaltKeyAction("accept", "m1"), op: history.KeyActionOp("accept"),
			argv: []string{"salt-key", "--out=json", "-a", "m1", "--include-all", "-y"}},
		{name: "config.get", cmd: SaltRun("config.get", "peer"), op: history.ConfigGetOp,
			argv: []string{"salt-run", "--out=json", "config.get", "peer"}},
		{name: "plain", cmd: Cmd{Tool: "salt-run", Fun: "event.send", Args: []string{"t"}, Plain: true}, op: "salt-run event.send",
			argv: []string{"salt-run", "event.send", "t"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.argv, tt.cmd.Line())
			assert.Equal(t, append([]string{"timeout", "-k", "2", "10"}, tt.argv...), tt.cmd.Argv(10*time.Second))
			assert.Equal(t, tt.op, tt.cmd.Name())
		})
	}
}

// The wrapper rounds its budget up to whole seconds, at least one.
func TestBounded(t *testing.T) {
	for _, tt := range []struct {
		budget time.Duration
		secs   string
	}{{10 * time.Second, "10"}, {1500 * time.Millisecond, "2"}, {0, "1"}, {-time.Second, "1"}} {
		assert.Equal(t, []string{"timeout", "-k", "2", tt.secs, "true"}, Bounded(tt.budget, "true"), tt.budget)
	}
}

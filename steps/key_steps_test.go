package steps

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/evidence/checker"
)

// The one builder makes the key and config command lines; their history
// names are the ones the checkers look for.
func TestKeyAndConfigCommandLines(t *testing.T) {
	action := func(a string) saltCmd {
		fun, flags := keyActionFlags(a)
		return saltCmd{tool: "salt-key", fun: fun, args: append([]string{"m1"}, flags...)}
	}
	for _, tt := range []struct {
		name string
		cmd  saltCmd
		argv []string
		op   string
	}{
		{name: "delete", cmd: action("delete"), op: checker.KeyActionOp("delete"),
			argv: []string{"salt-key", "--out=json", "-d", "m1", "-y"}},
		{name: "reject an accepted key", cmd: action("reject"), op: checker.KeyActionOp("reject"),
			argv: []string{"salt-key", "--out=json", "-r", "m1", "--include-accepted", "-y"}},
		{name: "accept from any state", cmd: action("accept"), op: checker.KeyActionOp("accept"),
			argv: []string{"salt-key", "--out=json", "-a", "m1", "--include-all", "-y"}},
		{name: "fingerprints", cmd: saltCmd{tool: "salt-key", fun: "-F"}, op: checker.FingerOp,
			argv: []string{"salt-key", "--out=json", "-F"}},
		{name: "config.get", cmd: saltCmd{tool: "salt-run", fun: "config.get", args: []string{"peer"}}, op: checker.ConfigGetOp,
			argv: []string{"salt-run", "--out=json", "config.get", "peer"}},
		{name: "salt-call through one master", cmd: saltCmd{tool: "salt-call", fun: "test.ping", flags: []string{"--master", "m2"}}, op: "salt-call test.ping",
			argv: []string{"salt-call", "--out=json", "--master", "m2", "test.ping"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, append([]string{"timeout", "-k", "2", "10"}, tt.argv...), tt.cmd.argv(10*time.Second))
			assert.Equal(t, tt.op, tt.cmd.name())
		})
	}
}

func TestRootDirs(t *testing.T) {
	dirs, err := rootDirs(json.RawMessage(`{"base": ["/srv/salt", "/srv/spm/salt"], "dev": ["/srv/dev", "/srv/salt"]}`))
	require.NoError(t, err)
	assert.Equal(t, []string{"/srv/dev", "/srv/salt", "/srv/spm/salt"}, dirs)
	dirs, err = rootDirs(json.RawMessage(`{}`))
	require.NoError(t, err)
	assert.Empty(t, dirs)
	_, err = rootDirs(json.RawMessage(`null`))
	require.NoError(t, err, "an unset option has no directories")
	_, err = rootDirs(json.RawMessage(`"/srv/salt"`))
	assert.Error(t, err)
}

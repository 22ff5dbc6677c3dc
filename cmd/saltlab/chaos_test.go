package main

import (
	"bytes"
	"flag"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChaosAndHealUsage: bad input is rejected with a specific message
// before any Docker call.
func TestChaosAndHealUsage(t *testing.T) {
	reports := t.TempDir()
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantErr  string
	}{
		{"no fault", []string{"chaos"}, exitUsage, "name a fault, or `list`"},
		{"unknown fault", []string{"chaos", "meteor", "salt-master-1"}, exitUsage, `unknown fault "meteor": want one of stop, kill, pause`},
		{"no target", []string{"chaos", "pause"}, exitUsage, "want one target argument (usage: saltlab chaos pause SERVICE), got 0"},
		{"two targets", []string{"chaos", "pause", "a", "b"}, exitUsage, "got 2"},
		{"latency without delay", []string{"chaos", "latency", "salt-master-1"}, exitUsage, "want a delay > 0"},
		{"bad port", []string{"chaos", "port-block", "salt-master-1", "--ports", "45x5"}, exitUsage, `port "45x5" is not a number`},
		{"partition without peers", []string{"chaos", "partition", "salt-minion-1"}, exitUsage, "name the services on the other side"},
		{"negative for", []string{"chaos", "pause", "salt-master-1", "--for", "-1s"}, exitUsage, "--for -1s is negative"},
		{"no run yet", []string{"chaos", "pause", "salt-master-1", "--reports", reports}, exitFailed, "no saltlab run found under " + reports},
		{"heal both", []string{"heal", "--run", "20261122-021503-a1b2c3", "--all"}, exitUsage, "at most one of --run ID or --all"},
		{"heal bad run id", []string{"heal", "--run", "../x"}, exitUsage, `invalid run id "../x"`},
		{"heal nothing", []string{"heal", "--reports", reports}, exitFailed, "no saltlab run found"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Main(tc.args, &out, &errOut)
			assert.Equal(t, tc.wantCode, code, "stdout: %s\nstderr: %s", out.String(), errOut.String())
			assert.Contains(t, errOut.String(), tc.wantErr)
		})
	}
}

func TestParseInterleaved(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	d := fs.Duration("for", 0, "")
	from := fs.String("from", "", "")
	pos, err := parseInterleaved(fs, []string{"--from", "b", "a", "--for", "3s"})
	require.NoError(t, err)
	assert.Equal(t, []string{"a"}, pos)
	assert.Equal(t, "b", *from)
	assert.Equal(t, "3s", d.String())
	assert.Equal(t, []string{"a", "b"}, splitList(" a, ,b "))
}

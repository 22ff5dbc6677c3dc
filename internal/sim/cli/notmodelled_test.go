package cli

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/saltlab/saltlab/internal/sim/notmodelled"
	"github.com/saltlab/saltlab/internal/sim/wire"
)

// TestCLIsSayNotModelled: every option of real Salt the double lacks, on
// every program, answers the one not-modelled line and exit code before
// anything else happens (no master runs here); never optparse's error.
func TestCLIsSayNotModelled(t *testing.T) {
	dir := t.TempDir()
	own := map[string][]flag{"salt": saltFlags(), "salt-call": callFlags(), "salt-run": runFlags(), "salt-key": keyFlags()}
	for _, prog := range notmodelled.Programs() {
		for _, o := range notmodelled.Options(prog) {
			for _, name := range o.Names {
				t.Run(prog+" "+name, func(t *testing.T) {
					args := []string{"-c", dir, name}
					if o.Value {
						args = append(args, "x")
					}
					args = append(args, "*", "test.ping")
					res := run(t, nil, "", prog, args...)
					assert.Equal(t, notmodelled.Exit, res.code, "stdout=%q stderr=%q", res.stdout, res.stderr)
					assert.Equal(t, fmt.Sprintf("%s: the Salt double does not model %s; run with --salt real\n", prog, o.Feature), res.stderr)
					assert.NotContains(t, res.stderr, "Usage:")
				})
			}
		}
		// The double's own flags come after, so none is shadowed.
		modelled := map[string]bool{}
		for _, f := range own[prog] {
			if f.unmodelled == nil {
				for _, n := range f.names {
					modelled[n] = true
				}
			}
		}
		for _, o := range notmodelled.Options(prog) {
			for _, n := range o.Names {
				assert.False(t, modelled[n], "%s: %s is both modelled and not", prog, n)
			}
		}
	}
}

func TestCLIsSayNotModelledElsewhere(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name   string
		prog   string
		args   []string
		code   int
		stderr string
	}{
		{"a bundled short switch", "salt", []string{"-vC", "web* and G@os:Debian", "test.ping"}, notmodelled.Exit,
			"salt: the Salt double does not model compound targeting (-C/--compound, tgt_type compound); run with --salt real\n"},
		{"--out=raw", "salt-key", []string{"-L", "--out=raw"}, notmodelled.Exit,
			"salt-key: the Salt double does not model the raw outputter (--out=raw); run with --salt real\n"},
		{"salt-call's -m is --module-dirs", "salt-call", []string{"-m", "/srv/modules", "test.ping"}, notmodelled.Exit,
			"salt-call: the Salt double does not model extra module directories (-m/--module-dirs); run with --salt real\n"},
		{"salt-call state.apply, before any master", "salt-call", []string{"state.apply"}, notmodelled.Exit,
			"salt-call: the Salt double does not model the execution function state.apply; run with --salt real\n"},
		{"a runner the double lacks", "salt-run", []string{"state.orchestrate", "orch.deploy"}, notmodelled.Exit,
			"salt-run: the Salt double does not model the runner state.orchestrate; run with --salt real\n"},
		{"a runner Salt lacks too", "salt-run", []string{"nosuch.runner"}, 1, "'nosuch.runner' is not available.\n"},
		{"an unknown option stays a usage error", "salt", []string{"--no-such-option", "*", "test.ping"}, exUsage,
			"salt: error: no such option: --no-such-option\n"},
		// Real Salt 3008.4 refused it (exit 64, captured 2026-11-27):
		// gather_job_timeout is a master option, never a CLI flag.
		{"salt has no --gather-job-timeout", "salt", []string{"-t3", "--gather-job-timeout=1", "*", "test.ping"}, exUsage,
			"salt: error: no such option: --gather-job-timeout\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := run(t, nil, "", tc.prog, append([]string{"-c", dir}, tc.args...)...)
			assert.Equal(t, tc.code, res.code, "stdout=%q stderr=%q", res.stdout, res.stderr)
			assert.Contains(t, res.stderr, tc.stderr)
		})
	}
}

// TestSaltNotModelledThroughTheMaster: a minion asked for a function the
// double lacks returns the one message (retcode 1), and the master refuses
// a targeting type it does not model instead of matching no minion.
func TestSaltNotModelledThroughTheMaster(t *testing.T) {
	t.Parallel()
	r, conf, m := saltFixture(t)
	res := run(t, r, "", "salt", "-c", conf, "m1", "pkg.install", "vim", "--out=json", "--out-indent=-1")
	assert.Equal(t, 1, res.code, res.stderr)
	assert.Equal(t, "{\"m1\": \"the Salt double does not model the execution function pkg.install; run with --salt real\"}\n", res.stdout)

	c := newLocalClient(m.Opts, time.Second)
	_, err := c.publish(context.Background(), wire.LocalRequest{Tgt: "G@os:Debian", TgtType: "compound", Fun: "test.ping", Arg: []any{}})
	require.Error(t, err)
	assert.Equal(t, "the Salt double does not model compound targeting (-C/--compound, tgt_type compound); run with --salt real", err.Error())
}

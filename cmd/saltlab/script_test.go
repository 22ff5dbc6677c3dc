package main

import (
	"errors"
	"flag"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the scripts' cmp files and docs/bad-input.md's table from testdata/script")

// TestScripts runs the CLI's behaviour as scripts (testdata/script/*.txtar):
// each verb's usage and exit codes, and every refusal of bad input. saltlab
// is the test binary itself (TestMain), so a script's `saltlab ...` runs
// Main as a command, with Docker unreachable and a state folder of the
// script's own. $ROOT is the checkout.
func TestScripts(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("ROOT", root)
			env.Setenv("DOCKER_HOST", noDocker)
			env.Setenv("SALTLAB_STATE_DIR", filepath.Join(env.WorkDir, "state"))
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"refused": cmdRefused,
		},
	})
}

// cmdRefused is the scripts' `refused [NAME=VALUE...] saltlab ARGS...`: the
// command line, with the environment words before it set for it alone,
// is bad input: it exits 2, prints nothing on stdout and never gets as
// far as Docker. Its stderr is left for the lines after it to match.
func cmdRefused(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("usage: refused [NAME=VALUE...] saltlab ARGS... (it cannot be negated)")
	}
	for len(args) > 0 && strings.Contains(args[0], "=") {
		name, value, _ := strings.Cut(args[0], "=")
		old := ts.Getenv(name)
		ts.Setenv(name, value)
		defer ts.Setenv(name, old)
		args = args[1:]
	}
	if len(args) == 0 || args[0] != "saltlab" {
		ts.Fatalf("usage: refused [NAME=VALUE...] saltlab ARGS...")
	}
	err := ts.Exec(args[0], args[1:]...)
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitUsage {
		ts.Fatalf("want exit %d (bad input), got %v", exitUsage, err)
	}
	if out := ts.ReadFile("stdout"); out != "" {
		ts.Fatalf("bad input is refused before anything is printed on stdout, which got:\n%s", out)
	}
	if strings.Contains(ts.ReadFile("stderr"), "docker daemon not reachable") {
		ts.Fatalf("bad input is refused before any Docker work")
	}
}

package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/saltlab/saltlab/internal/sim/simtest"
)

type result struct {
	code           int
	stdout, stderr string
	took           time.Duration
}

// run invokes a program in-process with the test resolver.
func run(t testing.TB, r *simtest.Resolver, stdin string, prog string, args ...string) result {
	t.Helper()
	return runEnv(t, r, nil, stdin, prog, args...)
}

// runEnv is run with the double's own SALTSIM_* settings in env.
func runEnv(t testing.TB, r *simtest.Resolver, env map[string]string, stdin string, prog string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	e := &Env{
		Getenv: func(k string) string { return env[k] },
		Stdin:  strings.NewReader(stdin), Stdout: &out, Stderr: &errb,
		Resolver: r, ProcNet: "/proc/net", Probe: 200 * time.Millisecond,
		Hostname:    func() (string, error) { return "testhost", nil },
		RejectDelay: func() time.Duration { return 0 },
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	code := Main(ctx, prog, args, e)
	return result{code: code, stdout: out.String(), stderr: errb.String(), took: time.Since(start)}
}

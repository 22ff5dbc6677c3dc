// Package client is the lab's one Salt client: it builds every Salt
// command line (salt, salt-call, salt-key, salt-run) under the one
// container-side timeout, runs it through an Execer, parses what it
// printed (saltout) and records each operation's invocation and completion
// in the run's history. Steps, status and the event log all go through it,
// so a command means the same thing wherever it runs.
package client

import (
	"context"
	"math"
	"strconv"
	"strings"
	"time"
)

// Output is what a command printed inside a container and how it exited.
type Output struct {
	Stdout   string
	Stderr   string
	ExitCode int
}

// Execer runs a command to completion in a service's container: the lab's
// exec, or a fake in tests.
type Execer interface {
	Exec(ctx context.Context, service string, argv []string) (Output, error)
}

// ExitTimedOut is coreutils timeout's exit when it had to stop the command.
const ExitTimedOut = 124

// killGrace is how long coreutils timeout waits after TERM before KILL.
const killGrace = "2"

// Bounded wraps argv in coreutils timeout, the one container-side bound:
// cancelling a docker exec does not stop the process inside the container,
// so every command carries its own budget (whole seconds, at least one).
func Bounded(budget time.Duration, argv ...string) []string {
	secs := max(int(math.Ceil(budget.Seconds())), 1)
	return append([]string{"timeout", "-k", killGrace, strconv.Itoa(secs)}, argv...)
}

// UntilStdinCloses wraps argv, a command that runs until cancelled, so
// that it ends when its standard input closes. Closing a docker exec's
// attachment does not signal the process inside the container, and real
// Salt's `salt-run state.event` attached to a master that was killed and
// started again never writes again, so nothing else ends it: every renewed
// event stream left one behind (about 55 MiB each, measured on 3008.4),
// each still decoding whatever its bus carried. The stream that runs it
// keeps the exec's stdin open while attached (lab.Lab.Stream). TERM first,
// then KILL after killGrace, as Bounded's timeout does.
func UntilStdinCloses(argv ...string) []string {
	return append([]string{"sh", "-c", untilStdinCloses, "sh"}, argv...)
}

// untilStdinCloses keeps stdin on fd 3 (an asynchronous list's stdin is
// /dev/null), waits in the background for it to close, then ends the
// command, which has the shell's pid through exec.
const untilStdinCloses = `exec 3<&0; { cat <&3 >/dev/null 2>&1; kill $$ 2>/dev/null && sleep ` + killGrace + ` && kill -9 $$ 2>/dev/null; } >/dev/null 2>&1 & exec "$@"`

// Unbuffered wraps argv so that real Salt's CLIs write each document as
// they print it. Python buffers stdout in blocks when it is a pipe, as a
// docker exec's is, so a reader of a running `salt` or `salt-run` sees
// nothing until the CLI exits, and nothing at all if it is cut first;
// the double, in Go, writes at once. Readers that act on output as it
// arrives need it; a command read after its exit does not.
func Unbuffered(argv ...string) []string {
	return append([]string{"env", "PYTHONUNBUFFERED=1"}, argv...)
}

// RunBounded runs a plain (non-Salt) command in service under Bounded.
func RunBounded(ctx context.Context, ex Execer, service string, budget time.Duration, argv ...string) (Output, error) {
	return ex.Exec(ctx, service, Bounded(budget, argv...))
}

// LastLine returns the last non-empty line of the first non-empty text:
// the line a failed command's report quotes.
func LastLine(texts ...string) string {
	for _, t := range texts {
		lines := strings.Split(strings.TrimSpace(t), "\n")
		if l := strings.TrimSpace(lines[len(lines)-1]); l != "" {
			return l
		}
	}
	return "(no output)"
}

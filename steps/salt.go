package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/salt/saltcfg"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// callTimeout bounds one Salt command when no tighter deadline applies.
const callTimeout = 60 * time.Second

// exitTimedOut is coreutils timeout's exit when it had to stop the command.
const exitTimedOut = 124

// minionConfigScript prints /etc/salt/minion and minion.d/*.conf in Salt's
// merge order, separated as YAML documents.
const minionConfigScript = `for f in /etc/salt/minion /etc/salt/minion.d/*.conf; do [ -f "$f" ] && { echo '---'; cat "$f"; echo; }; done; true`

// saltCmd is one Salt command line; argv is the only place the steps build
// them, so every Salt command runs bounded, with JSON output where it has
// any, the same way on real Salt and the double.
type saltCmd struct {
	tool   string   // salt-call, salt, salt-run, salt-key
	opts   []string // options before the function (--local)
	target string   // salt: the target expression
	fun    string   // the function, or salt-key's action (-L)
	args   []string
	// cliTimeout is salt's -t: how long the CLI waits for returns.
	cliTimeout int
	// plain leaves out --out=json (--version, --versions-report).
	plain bool
	// flags are options before the function (salt-call --master M).
	flags []string
}

// name is how the history's operations call the command: "salt-call
// test.ping", "salt test.ping", "salt-key -L".
func (c saltCmd) name() string {
	return strings.Join(append(append([]string{c.tool}, c.opts...), c.fun), " ")
}

// argv is the command line, wrapped in coreutils timeout because
// cancelling a docker exec does not stop the process inside the container.
func (c saltCmd) argv(budget time.Duration) []string {
	argv := []string{c.tool}
	if !c.plain {
		argv = append(argv, "--out=json")
	}
	argv = append(argv, c.opts...)
	if c.cliTimeout > 0 {
		argv = append(argv, fmt.Sprintf("-t%d", c.cliTimeout))
	}
	argv = append(argv, c.flags...)
	if c.target != "" {
		argv = append(argv, c.target)
	}
	argv = append(argv, c.fun)
	argv = append(argv, c.args...)
	secs := max(int(math.Ceil(budget.Seconds())), 1)
	return append([]string{"timeout", "-k", "2", strconv.Itoa(secs)}, argv...)
}

// exec runs c in service, bounded by budget, and returns the output; a
// timeout in the container or a failed exec is indeterminate.
func (w *world) exec(ctx context.Context, service string, c saltCmd, budget time.Duration) (Output, *outcome) {
	out, err := w.Lab.Exec(ctx, service, c.argv(budget))
	switch {
	case err != nil:
		o := indeterminate(fmt.Sprintf("run %s on %s: %v", c.name(), service, err))
		return out, &o
	case out.ExitCode == exitTimedOut:
		o := indeterminate(fmt.Sprintf("%s on %s timed out after %s", c.name(), service, budget.Round(time.Second)))
		return out, &o
	}
	return out, nil
}

// saltCall runs salt-call fun on minion and records it: ok when it exits
// 0 with a return (the return is the value).
func (w *world) saltCall(ctx context.Context, minion string, budget time.Duration, fun string, args ...string) (saltout.CallResult, outcome) {
	return w.saltCallCmd(ctx, minion, budget, saltCmd{tool: "salt-call", fun: fun, args: args})
}

// saltCallVia is saltCall signed in to one master: salt-call --master
// overrides the minion's master list for this call (salt/utils/parsers.py
// SaltCallOptionParser; a failover minion's string becomes a one-entry list,
// salt/minion.py eval_master).
func (w *world) saltCallVia(ctx context.Context, minion, master string, budget time.Duration, fun string) (saltout.CallResult, outcome) {
	return w.saltCallCmd(ctx, minion, budget, saltCmd{tool: "salt-call", fun: fun, flags: []string{"--master", master}})
}

// saltCallCmd runs and records one salt-call command line.
func (w *world) saltCallCmd(ctx context.Context, minion string, budget time.Duration, c saltCmd) (saltout.CallResult, outcome) {
	var r saltout.CallResult
	o := w.op(ctx, c.name(), minion, minion, func(ctx context.Context) outcome {
		out, bad := w.exec(ctx, minion, c, budget)
		if bad != nil {
			return *bad
		}
		if out.ExitCode != 0 {
			return failed(nil, "exit %d: %s", out.ExitCode, lastLine(out.Stderr, out.Stdout))
		}
		var err error
		if r, err = saltout.ParseCall(out.Stdout); err != nil {
			return failed(nil, "%v", err)
		}
		return succeeded(r.Local)
	})
	return r, o
}

// jobValue is what a `salt` operation records: the documents per minion
// that answered and every return (checker.CLIValue), and the exit code.
type jobValue struct {
	checker.CLIValue
	Exit int `json:"exit"`
}

// saltJob runs `salt <target> fun args...` on master and records it: ok
// when accept holds for the returns (the value is a jobValue).
func (w *world) saltJob(ctx context.Context, master, target string, cliTimeout int, budget time.Duration, accept func(saltout.Returns) bool, fun string, args ...string) (saltout.Returns, map[string]int, outcome) {
	c := saltCmd{tool: "salt", target: target, fun: fun, args: args, cliTimeout: cliTimeout}
	var rets saltout.Returns
	docs := map[string]int{}
	o := w.op(ctx, c.name(), master, target, func(ctx context.Context) outcome {
		out, bad := w.exec(ctx, master, c, budget)
		if bad != nil {
			return *bad
		}
		var text []string
		var err error
		if rets, text, err = saltout.ParseStream(out.Stdout); err != nil {
			return failed(nil, "exit %d: %v", out.ExitCode, err)
		}
		counts, err := saltout.CountDocs(out.Stdout)
		if err != nil {
			return failed(nil, "exit %d: %v", out.ExitCode, err)
		}
		for m, n := range counts {
			if rets.Responded(m) {
				docs[m] = n
			}
		}
		v := jobValue{CLIValue: checker.CLIValue{Documents: docs, Returns: rets}, Exit: out.ExitCode}
		if !accept(rets) {
			return failed(v, "exit %d: %s", out.ExitCode, lastLine(append(text, out.Stderr)...))
		}
		return succeeded(v)
	})
	return rets, docs, o
}

// saltKeys runs `salt-key -L` on master and records it (checker.KeysValue).
func (w *world) saltKeys(ctx context.Context, master string, budget time.Duration) (saltout.KeyList, outcome) {
	c := saltCmd{tool: "salt-key", fun: "-L"}
	var keys saltout.KeyList
	o := w.op(ctx, c.name(), master, "", func(ctx context.Context) outcome {
		out, bad := w.exec(ctx, master, c, budget)
		if bad != nil {
			return *bad
		}
		var err error
		if keys, err = saltout.ParseKeyList(out.Stdout); err != nil {
			return failed(nil, "exit %d, %s: %v", out.ExitCode, lastLine(out.Stderr), err)
		}
		return succeeded(checker.KeysValue{Keys: map[string][]string{"accepted": keys.Accepted,
			"pending": keys.Pending, "rejected": keys.Rejected, "denied": keys.Denied}})
	})
	return keys, o
}

// keyActionFlags are the salt-key flags of an action on one key. The lab's
// masters auto-accept, so a connected minion's key is accepted: -r needs
// --include-accepted to touch it, and -a --include-all takes a key back
// from rejected or denied (salt/key.py KeyCLI; salt-semantics §4.1). -y
// answers the confirmation prompt.
func keyActionFlags(action string) (string, []string) {
	switch action {
	case "accept":
		return "-a", []string{"--include-all", "-y"}
	case "reject":
		return "-r", []string{"--include-accepted", "-y"}
	}
	return "-d", []string{"-y"}
}

// saltKeyAction runs `salt-key -a|-d|-r <id>` on master and records it (as
// checker.KeyActionOp(action), target the minion id). salt-key exits 0
// even when the glob matches nothing (§4.1), so ok only says it ran; what
// it changed is judged from the key lists recorded around it.
func (w *world) saltKeyAction(ctx context.Context, master, action, id string, budget time.Duration) outcome {
	fun, flags := keyActionFlags(action)
	c := saltCmd{tool: "salt-key", fun: fun, args: append([]string{id}, flags...)}
	return w.op(ctx, c.name(), master, id, func(ctx context.Context) outcome {
		out, bad := w.exec(ctx, master, c, budget)
		if bad != nil {
			return *bad
		}
		if out.ExitCode != 0 {
			return failed(nil, "exit %d: %s", out.ExitCode, lastLine(out.Stderr, out.Stdout))
		}
		return succeeded(map[string]string{"said": lastLine(out.Stdout)})
	})
}

// saltFingers runs `salt-key -F` on master and records its local keys'
// fingerprints (checker.FingersValue).
func (w *world) saltFingers(ctx context.Context, master string, budget time.Duration) outcome {
	c := saltCmd{tool: "salt-key", fun: "-F"}
	return w.op(ctx, c.name(), master, "", func(ctx context.Context) outcome {
		out, bad := w.exec(ctx, master, c, budget)
		if bad != nil {
			return *bad
		}
		local, err := saltout.ParseLocalFingers(out.Stdout)
		if err != nil {
			return failed(nil, "exit %d, %s: %v", out.ExitCode, lastLine(out.Stderr), err)
		}
		return succeeded(checker.FingersValue{Local: local})
	})
}

// masterOption runs `salt-run config.get <option>` on master (Salt's
// runner over the master's loaded opts, salt/runners/config.py) and
// records the option's value, target the option name.
func (w *world) masterOption(ctx context.Context, master, option string, budget time.Duration) (json.RawMessage, outcome) {
	c := saltCmd{tool: "salt-run", fun: "config.get", args: []string{option}}
	var v json.RawMessage
	o := w.op(ctx, c.name(), master, option, func(ctx context.Context) outcome {
		out, bad := w.exec(ctx, master, c, budget)
		if bad != nil {
			return *bad
		}
		var err error
		if v, err = saltout.ParseRunner(out.Stdout); err != nil || out.ExitCode != 0 {
			return failed(nil, "exit %d, %s: %v", out.ExitCode, lastLine(out.Stderr, out.Stdout), err)
		}
		return succeeded(v)
	})
	return v, o
}

// minionConfig reads and merges a minion's Salt configuration (for bounds
// only: which master served is never taken from it).
func minionConfig(ctx context.Context, l Lab, minion string) (saltcfg.Minion, error) {
	out, err := l.Exec(ctx, minion, []string{"bash", "-c", minionConfigScript})
	if err != nil {
		return saltcfg.Minion{}, fmt.Errorf("read minion config of %s: %w", minion, err)
	}
	cfg, err := saltcfg.Parse(out.Stdout)
	if err != nil {
		return saltcfg.Minion{}, fmt.Errorf("read minion config of %s: %w", minion, err)
	}
	return cfg, nil
}

// plainSalt runs a Salt command that prints text (versions), unrecorded:
// it describes the lab, it is no operation under test.
func plainSalt(ctx context.Context, l Lab, service string, c saltCmd, budget time.Duration) (string, error) {
	c.plain = true
	out, err := l.Exec(ctx, service, c.argv(budget))
	if err != nil {
		return "", fmt.Errorf("run %s on %s: %w", c.name(), service, err)
	}
	if out.ExitCode != 0 {
		return "", fmt.Errorf("%s on %s exited %d: %s", c.name(), service, out.ExitCode, lastLine(out.Stderr, out.Stdout))
	}
	return strings.TrimSpace(out.Stdout), nil
}

// saltVersion asks a container which Salt it runs, e.g.
// "salt-call 3006.9 (Sulfur)" or "salt-call 3006.9 (saltlab sim 0.1.0)".
func saltVersion(ctx context.Context, l Lab, service string) (string, error) {
	return plainSalt(ctx, l, service, saltCmd{tool: "salt-call", fun: "--version"}, 30*time.Second)
}

// VersionsReport is `salt --versions-report` of the lab's first master:
// Salt's release and every dependency's, for the reports.
func VersionsReport(ctx context.Context, l Lab) (string, error) {
	masters := Masters(l)
	if len(masters) == 0 {
		return "", fmt.Errorf("ask salt versions report: the lab has no master")
	}
	return plainSalt(ctx, l, masters[0], saltCmd{tool: "salt", fun: "--versions-report"}, 60*time.Second)
}

// lastLine returns the last non-empty line of the first non-empty text.
func lastLine(texts ...string) string {
	for _, t := range texts {
		lines := strings.Split(strings.TrimSpace(t), "\n")
		if l := strings.TrimSpace(lines[len(lines)-1]); l != "" {
			return l
		}
	}
	return "(no output)"
}

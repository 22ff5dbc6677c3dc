package client

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// Client runs Salt commands in the lab's containers and records each.
type Client struct {
	Ex  Execer
	Rec Recorder
	// Opts, when set, answers MasterOption from one reading of each
	// master's options (MasterOptions); nil asks Salt every time.
	Opts *MasterOptions
}

// Exec runs c in service, bounded by budget, and returns the output; a
// timeout in the container or a failed exec is indeterminate (non-nil).
func (c Client) Exec(ctx context.Context, service string, cmd Cmd, budget time.Duration) (Output, *Outcome) {
	out, err := c.Ex.Exec(ctx, service, cmd.Argv(budget))
	switch {
	case err != nil:
		o := Indeterminate(fmt.Sprintf("run %s on %s: %v", cmd.Name(), service, err))
		return out, &o
	case out.ExitCode == ExitTimedOut:
		o := Indeterminate(fmt.Sprintf("%s on %s timed out after %s", cmd.Name(), service, budget.Round(time.Second)))
		return out, &o
	}
	return out, nil
}

// Record runs cmd in service as one recorded operation (target what it
// asks about): parse turns a completed run into its outcome.
func (c Client) Record(ctx context.Context, service, target string, cmd Cmd, budget time.Duration, parse func(Output) Outcome) Outcome {
	return c.Rec.Do(ctx, Op{F: cmd.Name(), Node: service, Target: target}, func(ctx context.Context) Outcome {
		out, bad := c.Exec(ctx, service, cmd, budget)
		if bad != nil {
			return *bad
		}
		return parse(out)
	})
}

// Call runs a salt-call command on minion and records it: ok when it
// exits 0 with a return (the return is the value).
func (c Client) Call(ctx context.Context, minion string, budget time.Duration, cmd Cmd) (saltout.CallResult, Outcome) {
	return c.CallAs(ctx, minion, budget, cmd, func(r saltout.CallResult) Outcome { return Succeeded(r.Local) })
}

// CallAs is Call whose recorded outcome value makes of a return that
// parsed: what the lab keeps of it, or why it is no answer.
func (c Client) CallAs(ctx context.Context, minion string, budget time.Duration, cmd Cmd, value func(saltout.CallResult) Outcome) (saltout.CallResult, Outcome) {
	var r saltout.CallResult
	o := c.Record(ctx, minion, minion, cmd, budget, func(out Output) Outcome {
		if out.ExitCode != 0 {
			return Failed(nil, "exit %d: %s", out.ExitCode, LastLine(out.Stderr, out.Stdout))
		}
		var err error
		if r, err = saltout.ParseCall(out.Stdout); err != nil {
			return Failed(nil, "%v", err)
		}
		return value(r)
	})
	return r, o
}

// JobValue is what a `salt` operation records: the documents per minion
// that answered and every return (history.CLIValue), and the exit code.
type JobValue struct {
	history.CLIValue
	Exit int `json:"exit"`
}

// Job runs a `salt` command on master and records it (target: the
// command's target): ok when accept holds for the returns (the value is a
// JobValue). It returns the returns and each answering minion's documents.
func (c Client) Job(ctx context.Context, master string, budget time.Duration, cmd Cmd, accept func(saltout.Returns) bool) (saltout.Returns, map[string]int, Outcome) {
	var rets saltout.Returns
	docs := map[string]int{}
	o := c.Record(ctx, master, cmd.Target, cmd, budget, func(out Output) Outcome {
		var text []string
		var err error
		if rets, text, err = saltout.ParseStream(out.Stdout); err != nil {
			return Failed(nil, "exit %d: %v", out.ExitCode, err)
		}
		counts, err := saltout.CountDocs(out.Stdout)
		if err != nil {
			return Failed(nil, "exit %d: %v", out.ExitCode, err)
		}
		for m, n := range counts {
			if rets.Responded(m) {
				docs[m] = n
			}
		}
		v := JobValue{CLIValue: history.CLIValue{Documents: docs, Returns: rets}, Exit: out.ExitCode}
		if !accept(rets) {
			return Failed(v, "exit %d: %s", out.ExitCode, LastLine(append(text, out.Stderr)...))
		}
		return Succeeded(v)
	})
	return rets, docs, o
}

// Plain runs a Salt command that prints text (versions), unrecorded: it
// describes the lab, it is no operation under test.
func (c Client) Plain(ctx context.Context, service string, cmd Cmd, budget time.Duration) (string, error) {
	cmd.Plain = true
	out, err := c.Ex.Exec(ctx, service, cmd.Argv(budget))
	if err != nil {
		return "", fmt.Errorf("run %s on %s: %w", cmd.Name(), service, err)
	}
	if out.ExitCode != 0 {
		return "", fmt.Errorf("%s on %s exited %d: %s", cmd.Name(), service, out.ExitCode, LastLine(out.Stderr, out.Stdout))
	}
	return strings.TrimSpace(out.Stdout), nil
}

// MasterOption runs `salt-run config.get <option>` on master (Salt's
// runner over the master's loaded opts, salt/runners/config.py) and
// records the option's value, target the option name. With Opts it
// answers from the master's one reading of its options where that says
// what config.get would, recorded as reused (MasterOptions).
func (c Client) MasterOption(ctx context.Context, master, option string, budget time.Duration) (json.RawMessage, Outcome) {
	if v, o, ok := c.reusedOption(ctx, master, option, budget); ok {
		return v, o
	}
	var v json.RawMessage
	o := c.Record(ctx, master, option, SaltRun("config.get", option), budget, func(out Output) Outcome {
		var err error
		if v, err = saltout.ParseRunner(out.Stdout); err != nil || out.ExitCode != 0 {
			return Failed(nil, "exit %d, %s: %v", out.ExitCode, LastLine(out.Stderr, out.Stdout), err)
		}
		return Succeeded(v)
	})
	return v, o
}

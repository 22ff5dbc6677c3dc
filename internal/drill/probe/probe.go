// Package probe judges a drill's task now, by its probe run through the
// recording Salt client (so every probe is in the history, in the drill's
// checker lane): met, not met, or unknown, with why.
package probe

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/client"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/salt/saltout"
)

// probeBudget bounds each probe inside its container: a master that does
// not answer within it is a master that does not serve (not met), which
// is what a learner's pager would say too.
const probeBudget = 12 * time.Second

// Task runs a task's probe through the recording Salt client and says
// what it found. A command that could not run at all (the container is
// gone, the engine did not answer) is unknown; a command that ran and
// showed the task undone, or timed out, is not met.
func Task(ctx context.Context, c client.Client, t spec.Task) (state.Verdict, string) {
	p := t.Probe
	rec := func(node, target string, cmd command, judge func(client.Output) (state.Verdict, string)) (state.Verdict, string) {
		v, why := state.Unknown, ""
		c.Rec.Do(ctx, client.Op{F: state.ProbeName(t.ID, cmd.name), Node: node, Target: target, Process: state.Checker}, func(ctx context.Context) client.Outcome {
			out, err := c.Ex.Exec(ctx, node, client.Bounded(probeBudget, cmd.argv...))
			switch {
			case err != nil:
				// A container that is stopped or paused is a node that
				// serves nothing: the task is certainly not met. Any other
				// failure to run says nothing about the task.
				if st, down := containerDown(ctx, c.Ex, node); down {
					v, why = state.NotMet, fmt.Sprintf("%s's container is %s: nothing in it runs", node, st)
					return client.Failed(nil, "%s", why)
				}
				v, why = state.Unknown, fmt.Sprintf("could not run on %s: %v", node, err)
				return client.Indeterminate(why)
			case out.ExitCode == client.ExitTimedOut:
				v, why = state.NotMet, fmt.Sprintf("%s on %s gave no answer in %v", cmd.name, node, probeBudget)
				return client.Failed(nil, "%s", why)
			}
			v, why = judge(out)
			if v == state.Met {
				return client.Succeeded(why)
			}
			return client.Failed(nil, "%s", why)
		})
		return v, why
	}
	switch {
	case p.Ping != nil:
		return rec(p.Ping.Master, strings.Join(p.Ping.Minions, ","), saltCmd(client.SaltFleet(8, "test.ping", p.Ping.Minions...)), func(o client.Output) (state.Verdict, string) {
			rets, _, err := saltout.ParseStream(o.Stdout)
			if err != nil {
				return state.NotMet, fmt.Sprintf("%s answered nothing readable (exit %d): %s", p.Ping.Master, o.ExitCode, client.LastLine(o.Stderr, o.Stdout))
			}
			var missing []string
			for _, m := range p.Ping.Minions {
				if !rets.True(m) {
					missing = append(missing, m)
				}
			}
			if len(missing) > 0 {
				return state.NotMet, fmt.Sprintf("%s got no True from %s", p.Ping.Master, strings.Join(missing, ", "))
			}
			return state.Met, fmt.Sprintf("%s reached %s", p.Ping.Master, strings.Join(p.Ping.Minions, ", "))
		})
	case p.Call != nil:
		return rec(p.Call.Minion, p.Call.Minion, saltCmd(client.SaltCall("test.ping")), func(o client.Output) (state.Verdict, string) {
			if o.ExitCode != 0 {
				return state.NotMet, fmt.Sprintf("salt-call test.ping on %s: exit %d: %s", p.Call.Minion, o.ExitCode, client.LastLine(o.Stderr, o.Stdout))
			}
			return state.Met, "salt-call test.ping on " + p.Call.Minion + " returned"
		})
	case p.Key != nil:
		return rec(p.Key.Master, p.Key.Minion, saltCmd(client.SaltKey("-L")), func(o client.Output) (state.Verdict, string) {
			l, err := saltout.ParseKeyList(o.Stdout)
			if err != nil {
				return state.NotMet, fmt.Sprintf("salt-key -L on %s: %v", p.Key.Master, err)
			}
			got := keyState(l, p.Key.Minion)
			if got == p.Key.State {
				return state.Met, fmt.Sprintf("%s's key is %s on %s", p.Key.Minion, got, p.Key.Master)
			}
			return state.NotMet, fmt.Sprintf("%s's key is %s on %s, want %s", p.Key.Minion, got, p.Key.Master, p.Key.State)
		})
	case p.Process != nil:
		return rec(p.Process.Service, p.Process.Program, command{"ps", []string{"ps", "-eo", "stat=,args="}}, func(o client.Output) (state.Verdict, string) {
			return processVerdict(o.Stdout, p.Process.Service, p.Process.Program)
		})
	case p.Command != nil:
		return rec(p.Command.Service, "", command{strings.Join(p.Command.Argv, " "), p.Command.Argv}, func(o client.Output) (state.Verdict, string) {
			line := client.LastLine(o.Stdout, o.Stderr)
			switch o.ExitCode {
			case 0:
				return state.Met, line
			case 1:
				return state.NotMet, line
			}
			return state.Unknown, fmt.Sprintf("exit %d: %s", o.ExitCode, line)
		})
	}
	return state.Unknown, "the task has no probe"
}

// downer says whether a service's container is stopped or paused, as
// Docker has it, and which (the lab's execer).
type downer interface {
	Down(ctx context.Context, service string) (state string, down bool)
}

// containerDown asks ex, when it can tell, whether service's container
// is down.
func containerDown(ctx context.Context, ex client.Execer, service string) (string, bool) {
	d, ok := ex.(downer)
	if !ok {
		return "", false
	}
	return d.Down(ctx, service)
}

// processVerdict reads `ps -eo stat=,args=`: met when some process of
// program runs and none of them is stopped (T): a frozen daemon is as
// good as none. A process is program's when its command line names it as
// the chaos engine finds it (chaos.ProcessPattern): real Salt's daemons
// are Python, so the program is in the arguments, not the process name.
func processVerdict(ps, service, program string) (state.Verdict, string) {
	re := regexp.MustCompile(chaos.ProcessPattern(program))
	var states []string
	for _, ln := range strings.Split(ps, "\n") {
		stat, args, ok := strings.Cut(strings.TrimSpace(ln), " ")
		if ok && re.MatchString(strings.TrimSpace(args)) {
			states = append(states, stat)
		}
	}
	switch {
	case len(states) == 0:
		return state.NotMet, fmt.Sprintf("no %s process on %s", program, service)
	case slices.ContainsFunc(states, func(s string) bool { return strings.HasPrefix(s, "T") }):
		return state.NotMet, fmt.Sprintf("%s on %s is stopped (state T)", program, service)
	}
	return state.Met, fmt.Sprintf("%s runs on %s", program, service)
}

// command is a probe's command line and the name the history gives it.
type command struct {
	name string
	argv []string
}

func saltCmd(c client.Cmd) command { return command{c.Name(), c.Line()} }

// keyState is where minion's key is in l: accepted, pending, rejected,
// denied or absent (the drill file's words).
func keyState(l saltout.KeyList, minion string) string {
	for _, s := range []struct {
		name string
		ids  []string
	}{{"accepted", l.Accepted}, {"pending", l.Pending}, {"rejected", l.Rejected}, {"denied", l.Denied}} {
		if slices.Contains(s.ids, minion) {
			return s.name
		}
	}
	return "absent"
}

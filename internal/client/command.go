package client

import (
	"fmt"
	"strings"
	"time"
)

// Cmd is one Salt command line. Its Argv is the only place the lab builds
// them, so every Salt command runs bounded, with JSON output where it has
// any, the same way on real Salt and the double.
type Cmd struct {
	Tool   string   // salt-call, salt, salt-run, salt-key
	Opts   []string // options before the function that name it (--local)
	Target string   // salt: the target expression
	Fun    string   // the function, or salt-key's action (-L)
	Args   []string
	// CLITimeout is salt's -t: how long the CLI waits for returns.
	CLITimeout int
	// Plain leaves out --out=json (--version, --versions-report, event.send).
	Plain bool
	// Flags are options before the function (salt-call --master M).
	Flags []string
}

// SaltCall is `salt-call fun args...`.
func SaltCall(fun string, args ...string) Cmd {
	return Cmd{Tool: "salt-call", Fun: fun, Args: args}
}

// SaltCallVia is salt-call signed in to one master: --master overrides the
// minion's master list for this call (salt/utils/parsers.py
// SaltCallOptionParser; a failover minion's string becomes a one-entry
// list, salt/minion.py eval_master).
func SaltCallVia(master, fun string, args ...string) Cmd {
	return Cmd{Tool: "salt-call", Fun: fun, Args: args, Flags: []string{"--master", master}}
}

// StateApply is `salt-call --master M state.apply [test=True]`: the
// minion's highstate (state.apply without an SLS, salt/modules/state.py
// apply_), its states and pillar rendered by master. test=True reports
// what would change without changing it (result None, the CI diff).
func StateApply(master string, test bool) Cmd {
	if test {
		return SaltCallVia(master, "state.apply", "test=True")
	}
	return SaltCallVia(master, "state.apply")
}

// PillarItems is `salt-call --master M pillar.items`: the pillar master
// renders for the minion now (salt/modules/pillar.py items asks the
// master afresh, not the minion's cached copy).
func PillarItems(master string) Cmd { return SaltCallVia(master, "pillar.items") }

// SaltCallLocal is `salt-call --local fun args...`: the minion's own view,
// without a master.
func SaltCallLocal(fun string, args ...string) Cmd {
	return Cmd{Tool: "salt-call", Opts: []string{"--local"}, Fun: fun, Args: args}
}

// Salt is `salt -t<cliTimeout> <target> fun args...` (cliTimeout 0: the
// master's timeout).
func Salt(target string, cliTimeout int, fun string, args ...string) Cmd {
	return Cmd{Tool: "salt", Target: target, Fun: fun, Args: args, CLITimeout: cliTimeout}
}

// SaltFleet is `salt -tT '*' fun`: one probe of a whole fleet. A minion
// that has not returned by T is asked whether it still runs the job and
// given the master's gather_job_timeout (10 s by default) to say so
// (salt/client/__init__.py get_iter_returns); Salt's CLI has no option to
// shorten that round (salt/utils/parsers.py), so the caller's budget is
// what ends a probe that misses.
//
// With ids it is `salt -tT -L id,id,... fun`: the probe of the minions
// not yet served. Every minion still receives the publication and
// matches it against its id, but only the listed ones run the job, and
// a job costs a real minion about 0.15 s of CPU (the loaders and grains
// it builds for each), so a probe's cost shrinks as the fleet converges
// instead of loading the cores it measures with the whole fleet's jobs.
func SaltFleet(cliTimeout int, fun string, ids ...string) Cmd {
	if len(ids) == 0 {
		return Salt("*", cliTimeout, fun)
	}
	c := Salt(strings.Join(ids, ","), cliTimeout, fun)
	c.Flags = []string{"-L"}
	return c
}

// SaltRun is `salt-run fun args...`.
func SaltRun(fun string, args ...string) Cmd {
	return Cmd{Tool: "salt-run", Fun: fun, Args: args}
}

// SaltKey is `salt-key <action> args...` (-L, -F, -a id ...).
func SaltKey(action string, args ...string) Cmd {
	return Cmd{Tool: "salt-key", Fun: action, Args: args}
}

// SaltKeyAction is `salt-key -a|-d|-r <id>` for action accept, reject or
// delete. The lab's masters auto-accept, so a connected minion's key is
// accepted: -r needs --include-accepted to touch it, and -a --include-all
// takes a key back from rejected or denied (salt/key.py KeyCLI;
// salt-semantics §4.1). -y answers the confirmation prompt.
func SaltKeyAction(action, id string) Cmd {
	switch action {
	case "accept":
		return SaltKey("-a", id, "--include-all", "-y")
	case "reject":
		return SaltKey("-r", id, "--include-accepted", "-y")
	}
	return SaltKey("-d", id, "-y")
}

// Name is how the history's operations call the command: "salt-call
// test.ping", "salt test.ping", "salt-key -L".
func (c Cmd) Name() string {
	return strings.Join(append(append([]string{c.Tool}, c.Opts...), c.Fun), " ")
}

// ReturnsToMaster says whether the operation named name (see Name) is a
// salt-call that signs in to a master: the master that served it fires
// the call's own return (jid "req") on its bus (salt/cli/caller.py
// return_pub, salt/utils/job.py store_job). A --local call returns nowhere.
func ReturnsToMaster(name string) bool {
	tool, rest, _ := strings.Cut(name, " ")
	return tool == "salt-call" && !strings.HasPrefix(rest, "--local ")
}

// Line is the command line without the timeout wrapper, for commands that
// run until cancelled (an event stream).
func (c Cmd) Line() []string {
	argv := []string{c.Tool}
	if !c.Plain {
		argv = append(argv, "--out=json")
	}
	argv = append(argv, c.Opts...)
	if c.CLITimeout > 0 {
		argv = append(argv, fmt.Sprintf("-t%d", c.CLITimeout))
	}
	argv = append(argv, c.Flags...)
	if c.Target != "" {
		argv = append(argv, c.Target)
	}
	argv = append(argv, c.Fun)
	return append(argv, c.Args...)
}

// Argv is Line bounded by budget (Bounded).
func (c Cmd) Argv(budget time.Duration) []string {
	return Bounded(budget, c.Line()...)
}

// EventStream is `salt-run state.event pretty=False`: the master's bus,
// one event a line, until cancelled (run it with Line, unbounded).
func EventStream() Cmd {
	return Cmd{Tool: "salt-run", Fun: "state.event", Args: []string{"pretty=False"}, Plain: true}
}

// StartEvents is EventStream narrowed to the minions' start events
// (salt/minion/<id>/start, which a minion fires every time it connects
// to a master: Salt's doc/topics/event/master_events.rst).
func StartEvents() Cmd {
	return Cmd{Tool: "salt-run", Fun: "state.event", Args: []string{"tagmatch=" + StartTagPrefix + "*" + StartTagSuffix, "pretty=False"}, Plain: true}
}

// StartTagPrefix and StartTagSuffix frame a minion's start event tag.
const (
	StartTagPrefix = "salt/minion/"
	StartTagSuffix = "/start"
)

// StartedMinion is the minion id of a start event's tag.
func StartedMinion(tag string) (string, bool) {
	rest, ok := strings.CutPrefix(tag, StartTagPrefix)
	if !ok {
		return "", false
	}
	id, ok := strings.CutSuffix(rest, StartTagSuffix)
	return id, ok && id != "" && !strings.Contains(id, "/")
}

// EventSend is `salt-run event.send <tag>`: fires tag on the master's bus.
func EventSend(tag string) Cmd {
	return Cmd{Tool: "salt-run", Fun: "event.send", Args: []string{tag}, Plain: true}
}

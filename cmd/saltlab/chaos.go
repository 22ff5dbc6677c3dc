package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/run/ops"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

// chaosFlags are the options of `saltlab chaos <fault> <target>`.
type chaosFlags struct {
	run         runFlag
	root        string
	dur         time.Duration
	from, ports string
	oneWay      bool
	spec        chaos.Spec
}

// commonChaosFlags apply to every fault; the others only to the faults
// whose usage names them.
var commonChaosFlags = map[string]bool{"run": true, "reports": true, "root": true, "for": true}

func cmdChaos(ctx context.Context, args []string, out, errOut io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		if len(args) == 0 {
			fmt.Fprint(errOut, chaosUsage)
			return usage.Errorf("chaos: name a fault, or `list`")
		}
		fmt.Fprint(out, chaosUsage)
		return nil
	}
	if args[0] == "list" {
		return chaosList(ctx, args[1:], out, errOut)
	}
	info, err := chaos.Lookup(args[0])
	if err != nil {
		return usage.Errorf("chaos: %w (`saltlab chaos list` explains each)", err)
	}
	var cf chaosFlags
	fs := newFlags("chaos "+args[0], "chaos "+args[0]+" "+info.Usage+" [--for DURATION] [--run ID]", errOut)
	cf.run.register(fs)
	fs.StringVar(&cf.root, "root", ".", "saltlab checkout (to build the chaos helper image)")
	durationFlag(fs, &cf.dur, "for", "keeping the fault until `saltlab heal`", "heal after this long, e.g. 30s (default: keep the fault until `saltlab heal`)")
	fs.StringVar(&cf.from, "from", "", "partition: services on the other side, comma-separated")
	fs.BoolVar(&cf.oneWay, "one-way", false, "partition: drop only what the targets send to the peers")
	fs.StringVar(&cf.ports, "ports", "", "port-block, latency: ports, comma-separated (latency default 4505,4506)")
	fs.StringVar(&cf.spec.Signal, "signal", "", "kill, proc-kill: signal (default SIGKILL)")
	fs.StringVar(&cf.spec.Process, "process", "", "proc-kill, proc-stop: program name, e.g. salt-master")
	durationFlag(fs, &cf.spec.Delay, "delay", "", "latency: added delay with its unit, e.g. 200ms")
	durationFlag(fs, &cf.spec.Jitter, "jitter", "no jitter", "latency: ± random jitter with its unit, e.g. 20ms (at most --delay)")
	fs.Func("percent", "loss: percent of packets dropped, 0 < P <= 100", func(v string) (err error) {
		cf.spec.Percent, err = valid.ParsePercent("--percent", v, false)
		return err
	})
	fs.StringVar(&cf.spec.Rate, "rate", "", "bandwidth: rate in tc syntax, e.g. 1mbit")
	fs.StringVar(&cf.spec.Name, "name", "", "dns: the name that stops resolving")
	fs.StringVar(&cf.spec.Path, "path", "", "disk-full: path whose filesystem is filled; key-replace: pki dir")
	pos, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return usageErr(err)
	}
	if len(pos) != 1 {
		return usage.Errorf("chaos %s: want one target argument (usage: saltlab chaos %s %s), got %d", info.Kind, info.Kind, info.Usage, len(pos))
	}
	var stray error
	fs.Visit(func(f *flag.Flag) {
		if stray == nil && !commonChaosFlags[f.Name] && !strings.Contains(info.Usage, "--"+f.Name) {
			stray = usage.Errorf("chaos %s: --%s does not apply to this fault (usage: saltlab chaos %s %s)", info.Kind, f.Name, info.Kind, info.Usage)
		}
	})
	if stray != nil {
		return stray
	}
	s := cf.spec
	s.Kind = info.Kind
	s.Targets = splitList(pos[0])
	s.Peers = splitList(cf.from)
	s.OneWay = cf.oneWay
	if s.Ports, err = valid.ParsePorts("--ports", cf.ports); err != nil {
		return err
	}
	if s.Kind == chaos.KindDiskFull && s.Path == "" {
		s.Path = "/dev/shm"
	}
	if err := s.Validate(); err != nil {
		return usage.Wrap(err)
	}
	return ops.RunDrill(ctx, ops.Drill{Which: cf.run.Which, Root: cf.root, For: cf.dur, Spec: s}, out)
}

// parseInterleaved parses flags that may come before or after positional
// arguments ("pause salt-master-1 --for 30s").
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

const chaosUsage = `usage: saltlab chaos <fault> <target> [options] [--for DURATION] [--run ID]
       saltlab chaos list

Runs one fault on a lab started by 'saltlab up' (or kept by 'saltlab run
--keep'). Without --for the fault stays until 'saltlab heal'. Every fault is
on the run's ledger (reports/<run>/faults.jsonl) before it acts.
Run 'saltlab chaos list' for the faults, what Salt does under each, and
whether this host supports them.
`

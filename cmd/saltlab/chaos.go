package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/saltlab/saltlab/internal/chaos"
	"github.com/saltlab/saltlab/internal/run/ops"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

// commonChaosFlags apply to every fault; the fault options (chaos.Options)
// only to the faults that take them.
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
	def, err := chaos.Lookup(args[0])
	if err != nil {
		return usage.Errorf("chaos: %w (`saltlab chaos list` explains each)", err)
	}
	var (
		run  runFlag
		root string
		dur  time.Duration
	)
	fs := newFlags("chaos "+args[0], "chaos "+args[0]+" "+def.Usage()+" [--for DURATION] [--run ID]", errOut)
	run.register(fs)
	fs.StringVar(&root, "root", ".", "saltlab checkout (to build the chaos helper image)")
	valid.DurationFlag(fs, &dur, "for", "keeping the fault until `saltlab heal`", "heal after this long, e.g. 30s (default: keep the fault until `saltlab heal`)")
	// The fault's options are read as text and parsed by the registry,
	// as a drill file's are.
	given := map[string]string{}
	for _, o := range chaos.Options() {
		set := func(v string) error { given[o.Name] = v; return nil }
		if o.Switch {
			fs.BoolFunc(o.Name, o.Help, set)
		} else {
			fs.Func(o.Name, o.Help, set)
		}
	}
	pos, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return usageErr(err)
	}
	if len(pos) != 1 {
		return usage.Errorf("chaos %s: want one target argument (usage: saltlab chaos %s %s), got %d", def.Kind, def.Kind, def.Usage(), len(pos))
	}
	var stray error
	fs.Visit(func(f *flag.Flag) {
		if stray == nil && !commonChaosFlags[f.Name] && !def.Takes(f.Name) {
			stray = usage.Errorf("chaos %s: --%s does not apply to this fault (usage: saltlab chaos %s %s)", def.Kind, f.Name, def.Kind, def.Usage())
		}
	})
	if stray != nil {
		return stray
	}
	s, err := chaos.Parse(string(def.Kind), chaos.SplitList(pos[0]), given)
	if err != nil {
		return usage.Wrap(err)
	}
	return ops.RunDrill(ctx, ops.Drill{Which: run.Which, Root: root, For: dur, Spec: s}, out)
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

const chaosUsage = `usage: saltlab chaos <fault> <target> [options] [--for DURATION] [--run ID]
       saltlab chaos list

Runs one fault on a lab started by 'saltlab up' (or kept by 'saltlab run
--keep'). Without --for the fault stays until 'saltlab heal'. Every fault is
on the run's ledger (reports/<run>/faults.jsonl) before it acts.
Run 'saltlab chaos list' for the faults, what Salt does under each, and
whether this host supports them.
`

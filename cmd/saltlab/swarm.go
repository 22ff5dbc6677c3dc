package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/saltlab/saltlab/internal/swarm"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/usage/valid"
)

// swarmVerbOrder is the order `saltlab swarm -h` lists the verbs in.
var swarmVerbOrder = []string{"up", "status", "load", "down"}

// swarmSynopsis is each verb's usage line.
var swarmSynopsis = map[string]string{
	"up":     "swarm up [--nodes 3] [--name lab] [--root DIR]",
	"status": "swarm status [--name lab]",
	"load":   "swarm load [--name lab] [IMAGE...]",
	"down":   "swarm down [--name lab]",
}

// swarmArgs are the flags of the swarm verbs.
type swarmArgs struct {
	name  string
	nodes int
	root  string
}

// swarmFlags registers verb's flags: --name for every verb, --nodes and
// --root for up.
func swarmFlags(verb string, errOut io.Writer) (*flag.FlagSet, *swarmArgs) {
	fs := newFlags("swarm "+verb, swarmSynopsis[verb], errOut)
	a := &swarmArgs{nodes: swarm.DefaultNodes}
	fs.StringVar(&a.name, "name", swarm.DefaultName, "the swarm's name (lowercase letters, digits, dashes)")
	if verb == "up" {
		valid.IntFlag(fs, &a.nodes, "nodes", 1, swarm.MaxNodes, fmt.Sprintf("want 1 to %d nodes", swarm.MaxNodes), "how many nodes, node1 the manager and the others workers (default 3)")
		fs.StringVar(&a.root, "root", ".", "saltlab checkout (the node image's package list)")
	}
	return fs, a
}

// cmdSwarm is `saltlab swarm VERB`: a Docker Swarm of node containers on
// this machine (docs/swarm.md).
func cmdSwarm(ctx context.Context, args []string, out, errOut io.Writer) error {
	if len(args) == 0 {
		return usage.Errorf("swarm: give a verb: up, status, load or down (docs/swarm.md)")
	}
	switch args[0] {
	case "-h", "--help", "help":
		for _, v := range swarmVerbOrder {
			fs, _ := swarmFlags(v, errOut)
			fs.Usage()
		}
		return flag.ErrHelp
	case "up":
		return cmdSwarmUp(ctx, args[1:], out, errOut)
	case "status":
		return cmdSwarmStatus(ctx, args[1:], out, errOut)
	case "load":
		return cmdSwarmLoad(ctx, args[1:], out, errOut)
	case "down":
		return cmdSwarmDown(ctx, args[1:], out, errOut)
	}
	return usage.Errorf("swarm: unknown verb %q: want up, status, load or down", args[0])
}

func cmdSwarmUp(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs, a := swarmFlags("up", errOut)
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	dir, err := swarm.StateDir()
	if err != nil {
		return err
	}
	o := swarm.UpOptions{Name: a.name, Nodes: a.nodes, Root: a.root, StateDir: dir, Log: out}
	if err := o.Check(); err != nil {
		return err
	}
	return swarm.Up(ctx, o)
}

func cmdSwarmStatus(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs, a := swarmFlags("status", errOut)
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if err := swarm.ValidateName(a.name); err != nil {
		return err
	}
	st, err := swarm.GetStatus(ctx, a.name)
	if err != nil {
		return err
	}
	return st.Write(out)
}

func cmdSwarmLoad(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs, a := swarmFlags("load", errOut)
	refs, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	dir, err := swarm.StateDir()
	if err != nil {
		return err
	}
	o := swarm.LoadOptions{Name: a.name, Images: refs, StateDir: dir, Log: out}
	if err := o.Check(); err != nil {
		return err
	}
	rep, err := swarm.Load(ctx, o)
	if err != nil {
		return err
	}
	rep.Write(out)
	return nil
}

func cmdSwarmDown(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs, a := swarmFlags("down", errOut)
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if err := swarm.ValidateName(a.name); err != nil {
		return err
	}
	dir, err := swarm.StateDir()
	if err != nil {
		return err
	}
	sw, err := swarm.Down(ctx, dir, a.name)
	fmt.Fprintf(out, "swarm %s: removed %s and its socket folder\n", a.name, sw)
	return err
}

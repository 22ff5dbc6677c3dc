package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/saltlab/saltlab/internal/run/ops"
	"github.com/saltlab/saltlab/internal/usage"
)

// newFlags returns a command's flag set; errors and usage go to errOut.
func newFlags(name, synopsis string, errOut io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.Usage = func() {
		fmt.Fprintf(errOut, "usage: saltlab %s\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// allowUnknownHelp documents --allow-unknown, which run and check share
// so that both judge an unknown verdict by one rule.
const allowUnknownHelp = "accept checks that say unknown (the history held too little to judge them) instead of failing with exit 1; they are still reported as unknown"

// parseFlags parses args and returns the positional arguments, at most
// maxArgs of them (-1: any number); too many is a usage error.
func parseFlags(fs *flag.FlagSet, args []string, maxArgs int) ([]string, error) {
	if err := fs.Parse(args); err != nil {
		return nil, usageErr(err)
	}
	if maxArgs >= 0 && fs.NArg() > maxArgs {
		return nil, usage.Errorf("%s: unexpected arguments %q (see `saltlab %s -h`)", fs.Name(), fs.Args()[maxArgs:], fs.Name())
	}
	return fs.Args(), nil
}

// runFlag is --run and --reports, which every command acting on an
// existing lab shares, so that they all choose a run by one rule
// (ops.Which).
type runFlag struct{ ops.Which }

func (r *runFlag) register(fs *flag.FlagSet) {
	fs.StringVar(&r.ID, "run", "", "run id (default: the only live run under --reports)")
	fs.StringVar(&r.Reports, "reports", "reports", "directory holding reports/<run id>/run.json")
}

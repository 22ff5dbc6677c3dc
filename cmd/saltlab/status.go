package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/saltlab/saltlab/internal/runner"
	"github.com/saltlab/saltlab/internal/status"
)

func cmdStatus(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("status", flag.ContinueOnError)
	fs.SetOutput(out)
	run := fs.String("run", "", "run id (default: the only live run under --reports)")
	reports := fs.String("reports", "reports", "directory holding reports/<run id>/run.json")
	asJSON := fs.Bool("json", false, "print JSON instead of tables")
	if err := fs.Parse(args); err != nil {
		return usageErr(err)
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("status: unexpected arguments %v", fs.Args())}
	}
	l, st, closer, err := openRun(ctx, *reports, *run)
	if err != nil {
		return err
	}
	defer closer.Close()
	r := status.Collect(ctx, l, []status.Check{status.APICheck(l.Services(), st.Topology, runner.APICreds(st.Env))})
	r.RunID, r.Project, r.Topology, r.Flavor = st.RunID, st.Project, st.Topology, st.Flavor
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return r.WriteText(out)
}

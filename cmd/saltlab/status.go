package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/saltlab/saltlab/internal/run/runner"
	"github.com/saltlab/saltlab/internal/run/status"
)

func cmdStatus(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("status", "status [--run ID] [--json]", errOut)
	var rf runFlag
	rf.register(fs)
	asJSON := fs.Bool("json", false, "print JSON instead of tables")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	l, rl, st, closer, err := openRun(ctx, rf)
	if err != nil {
		return err
	}
	defer closer.Close()
	creds, err := runner.APICreds(st)
	if err != nil {
		// The API row then fails visibly; the other probes still help.
		fmt.Fprintf(errOut, "saltlab: warning: %v\n", err)
	}
	r := status.Collect(ctx, l, rl, []status.Check{status.APICheck(rl, st.Topology, creds)})
	r.RunID, r.Project, r.Topology, r.Flavor = st.RunID, st.Project, st.Topology, st.Flavor
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return r.WriteText(out)
}

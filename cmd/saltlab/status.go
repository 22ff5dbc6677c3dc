package main

import (
	"context"
	"encoding/json"
	"io"

	"github.com/saltlab/saltlab/internal/run/ops"
)

func cmdStatus(ctx context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("status", "status [--run ID] [--json]", errOut)
	var rf runFlag
	rf.register(fs)
	asJSON := fs.Bool("json", false, "print JSON instead of tables")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	r, err := ops.Status(ctx, rf.Which, errOut)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return r.WriteText(out)
}

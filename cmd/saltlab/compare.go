package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/evidence/compare"
	"github.com/saltlab/saltlab/internal/run/ops"
	"github.com/saltlab/saltlab/internal/run/runner"
	"github.com/saltlab/saltlab/internal/usage"
)

// cmdCompare puts two finished runs side by side from their summary.json
// files, with no Docker, and fails when a status or verdict differs in a
// way the explained table does not account for: CI runs one selection on
// both flavours and keeps the double honest this way.
func cmdCompare(_ context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("compare", "compare [--explained FILE] [--allow-different] [--json] RUN_A RUN_B (run folders, or run ids under --reports)", errOut)
	root := fs.String("root", ".", "saltlab checkout (its docs/sim-fidelity.md is the default --explained; its features/ give the scenarios' tags when the runs' engines differ)")
	reports := fs.String("reports", "reports", "directory holding reports/<run id>/, for runs named by id")
	explained := fs.String("explained", "", "Markdown file whose '"+compare.Section+"' table explains differences (default: docs/sim-fidelity.md under --root)")
	asJSON := fs.Bool("json", false, "print JSON instead of text: each status and check row with its category (agree, explained, explained-by-engine, unexplained) and why, and the counts")
	allow := fs.Bool("allow-different", false, "exit 0 even when a status or verdict differs unexplained (it is still reported)")
	pos, err := parseFlags(fs, args, 2)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usage.Errorf("compare: name two runs, e.g. `saltlab compare reports/<run A> reports/<run B>`")
	}
	if *explained == "" {
		*explained = filepath.Join(*root, "docs", "sim-fidelity.md")
	}
	runs := make([]compare.Folder, 2)
	for i, arg := range pos {
		dir, err := ops.RunFolder(arg, *reports)
		if err != nil {
			return fmt.Errorf("compare: %w", err)
		}
		runs[i] = compare.Folder{Name: arg, Dir: dir}
	}
	res, err := compare.Read(runs[0], runs[1], *explained, runner.CompareLimits(*root))
	if err != nil {
		return err
	}
	write := compare.WriteText
	if *asJSON {
		write = compare.WriteJSON
	}
	if err := write(out, res); err != nil {
		return err
	}
	if n := res.Count().Unexplained(); n > 0 && !*allow {
		return fmt.Errorf("compare: %d difference(s) not explained in %s: fix the double, or add a row naming the Salt source that explains each (--allow-different only reports them)", n, *explained)
	}
	return nil
}

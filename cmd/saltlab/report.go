package main

import (
	"context"
	"fmt"
	"io"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/usage"
)

// cmdReport renders a saved run's reports again from its summary.json and
// the evidence beside it (history.jsonl, verdicts.json, faults.jsonl,
// logs/), with no Docker: after the checkers were re-run offline, after a
// saltlab upgrade changed the rendering, or on another machine.
func cmdReport(_ context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("report", "report <run dir> (e.g. reports/<run id>): render junit.xml, report.html and summary.json again, offline", errOut)
	rest, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		return usage.Errorf("report: name the run folder to render, e.g. `saltlab report reports/<run id>`")
	}
	dir := rest[0]
	if err := report.CheckRunFolder(dir); err != nil {
		return err
	}
	sum, files, err := report.Rerender(dir)
	if err != nil {
		// What is on disk is the user's input: a broken file is theirs to fix.
		return usage.Errorf("report %s: %w (fix or remove the file named; the other reports were left as they were)", dir, err)
	}
	for _, f := range files {
		fmt.Fprintln(out, f)
	}
	verdict := "PASSED"
	if !sum.Passed {
		verdict = "FAILED"
	}
	fmt.Fprintf(out, "%s: %d passed, %d failed, %d errors, %d skipped [%s flavour %s]\n", verdict,
		sum.Counts.Passed, sum.Counts.Failed, sum.Counts.Errors, sum.Counts.Skipped, sum.Run.Flavor.Name, sum.Run.Flavor.Version)
	return nil
}

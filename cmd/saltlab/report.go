package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/owned"
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
	if err := checkRunDir(dir); err != nil {
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

// checkRunDir refuses a folder that is not a run's, before anything is
// written into it.
func checkRunDir(dir string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usage.Errorf("report: %s does not exist: name a run folder such as reports/<run id>", dir)
	case err != nil:
		return usage.Errorf("report: %w", err)
	case !st.IsDir():
		return usage.Errorf("report: %s is not a directory: name a run folder such as reports/<run id>", dir)
	}
	if _, err := os.Stat(filepath.Join(dir, report.SummaryFile)); err != nil {
		return usage.Errorf("report: %s has no %s: it is not a finished run's folder (a run writes it with its reports; runs cut short before the reports have nothing to render)", dir, report.SummaryFile)
	}
	// The reports are replaced in place: only in a folder saltlab made.
	if !owned.Is(dir) {
		return usage.Errorf("report: %s carries no %s, so saltlab did not make it (an older saltlab's run folder, or a copy that lost its hidden files), and it replaces files only in folders it made: if it is a run folder of saltlab's, mark it (touch %s) and render again", dir, owned.Marker, filepath.Join(dir, owned.Marker))
	}
	return nil
}

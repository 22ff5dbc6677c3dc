package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/evidence/compare"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/lab/labels"
	"github.com/saltlab/saltlab/internal/lab/runstate"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/userfile"
)

// cmdCompare puts two finished runs side by side from their summary.json
// files, with no Docker, and fails when a status or verdict differs in a
// way the explained table does not account for: CI runs one selection on
// both flavours and keeps the double honest this way.
func cmdCompare(_ context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("compare", "compare [--explained FILE] [--allow-different] RUN_A RUN_B (run folders, or run ids under --reports)", errOut)
	root := fs.String("root", ".", "saltlab checkout (its docs/sim-fidelity.md is the default --explained)")
	reports := fs.String("reports", "reports", "directory holding reports/<run id>/, for runs named by id")
	explained := fs.String("explained", "", "Markdown file whose '"+compare.Section+"' table explains differences (default: docs/sim-fidelity.md under --root)")
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
	// Everything the user named is read before anything is compared, so a
	// bad input exits 2 with nothing printed.
	a, err := loadRun(pos[0], *reports)
	if err != nil {
		return err
	}
	b, err := loadRun(pos[1], *reports)
	if err != nil {
		return err
	}
	known, err := loadKnown(*explained)
	if err != nil {
		return err
	}
	res := compare.Explain(compare.Compare(a, b), known)
	if err := compare.WriteText(out, res); err != nil {
		return err
	}
	if n := res.Count().Unexplained(); n > 0 && !*allow {
		return fmt.Errorf("compare: %d difference(s) not explained in %s: fix the double, or add a row naming the Salt source that explains each (--allow-different only reports them)", n, *explained)
	}
	return nil
}

// loadRun reads the summary of a run named by its folder or by its id
// under reports.
func loadRun(arg, reports string) (report.Summary, error) {
	dir := arg
	if st, err := os.Stat(arg); err != nil || !st.IsDir() {
		if labels.ValidateRunID(arg) != nil {
			return report.Summary{}, usage.Errorf("compare: %s is not a run folder: name a finished run's folder, e.g. reports/<run id>, or its run id", arg)
		}
		dir = runstate.Dir(reports, arg)
	}
	s, err := report.ReadSummary(filepath.Join(dir, report.SummaryFile))
	if err != nil {
		return report.Summary{}, usage.Errorf("compare %s: %w (name a finished run's folder: a run writes %s with its reports, so a run cut short before them cannot be compared)", arg, err, report.SummaryFile)
	}
	return s, nil
}

// loadKnown reads the explained table; a broken row is the user's to fix.
func loadKnown(path string) ([]compare.Known, error) {
	b, err := userfile.ReadFile(path, userfile.Text)
	if err != nil {
		return nil, usage.Errorf("compare: read explained differences: %w (pass --explained FILE, or --root at the saltlab checkout)", err)
	}
	known, err := compare.ParseKnown(string(b))
	if err != nil {
		return nil, usage.Errorf("compare: %s: %w", path, err)
	}
	return known, nil
}

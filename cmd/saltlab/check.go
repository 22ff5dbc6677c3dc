package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/usage"
)

// errInvalid is check's failure: some verdict is invalid, or the saved
// files no longer give the verdicts the run gave.
var errInvalid = errors.New("check: the run has invalid verdicts")

// errUnknown is check's failure when some verdict is unknown and
// --allow-unknown was not given: a check that could not judge is no pass.
var errUnknown = errors.New("check: the run has unknown verdicts (pass --allow-unknown to accept them)")

// cmdCheck judges a finished run again from its files alone (history.jsonl
// and the checks saved in verdicts.json, bounds included), with no Docker:
// it prints every verdict, flags any that differs from the saved one, and
// fails if any is invalid, or unknown without --allow-unknown.
func cmdCheck(_ context.Context, args []string, out, errOut io.Writer) error {
	fs := newFlags("check", "check [--allow-unknown] RUN-DIR (reports/<run id>)", errOut)
	allowUnknown := fs.Bool("allow-unknown", false, allowUnknownHelp)
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usage.Errorf("check: name the run directory, e.g. reports/<run id>")
	}
	dir := pos[0]
	f, err := checker.Read(filepath.Join(dir, checker.FileName))
	if err != nil {
		return usage.Errorf("check %s: %w (only runs of this saltlab or later save their checks)", dir, err)
	}
	hist := f.History
	if hist == "" {
		hist = history.FileName
	}
	h, err := history.Read(filepath.Join(dir, filepath.Base(hist)))
	if err != nil {
		return fmt.Errorf("check %s: %w", dir, err)
	}
	bad, unknown, changed := 0, 0, 0
	for _, r := range checker.Recheck(f, h) {
		fmt.Fprintf(out, "%-8s %s [%s] %q: %s\n", r.Now.Verdict, r.Name, r.Scenario, r.Step, r.Now.Observed)
		if !r.Same() {
			changed++
			fmt.Fprintf(out, "         the run said %s: %s\n", r.Result.Verdict, r.Result.Observed)
		}
		switch r.Now.Verdict {
		case checker.Invalid:
			bad++
		case checker.Unknown:
			unknown++
		}
		if r.Now.Verdict != checker.Valid {
			fmt.Fprintf(out, "         %s\n", r.Now.Message(r.Name, filepath.Join(dir, filepath.Base(hist))))
		}
	}
	fmt.Fprintf(out, "%d check(s) of %d history entries: %d invalid, %d unknown, %d differ from the run's\n", len(f.Verdicts), len(h), bad, unknown, changed)
	switch {
	case bad > 0 || changed > 0:
		return errInvalid
	case unknown > 0 && !*allowUnknown:
		return errUnknown
	}
	return nil
}

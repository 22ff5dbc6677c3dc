package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/usage"
)

// errInvalid is check's failure when some verdict is invalid.
var errInvalid = errors.New("check: the run has invalid verdicts")

// errChanged is check's failure when the saved files no longer give the
// verdicts the run gave (the checkers changed, or the files did).
var errChanged = errors.New("check: the checkers now judge the saved run differently from the run (the lines under each differing check say how)")

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
	c, err := checker.RecheckRun(pos[0])
	if err != nil {
		return err
	}
	for _, r := range c.Results {
		fmt.Fprintf(out, "%-8s %s [%s] %q: %s\n", r.Now.Verdict, r.Name, r.Scenario, r.Step, r.Now.Observed)
		if !r.Same() {
			fmt.Fprintf(out, "         the run said %s: %s\n", r.Result.Verdict, r.Result.Observed)
		}
		if r.Now.Verdict != checker.Valid {
			fmt.Fprintf(out, "         %s\n", r.Now.Message(r.Name, c.History))
		}
	}
	fmt.Fprintf(out, "%d check(s) of %d history entries: %d invalid, %d unknown, %d differ from the run's\n", len(c.Results), c.Entries, c.Invalid, c.Unknown, c.Changed)
	switch {
	case c.Invalid > 0:
		return errInvalid
	case c.Changed > 0:
		return errChanged
	case c.Unknown > 0 && !*allowUnknown:
		return errUnknown
	}
	return nil
}

package console

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/saltlab/saltlab/internal/evidence/checker"
	"github.com/saltlab/saltlab/internal/evidence/report"
)

// Summary prints the end of a run whose reports are in runDir: how its
// scenarios ended, then each that failed (or was skipped or cut short:
// anything but passed) or that a check could not judge (unknown), with
// its cause, its fix and its section of report.html, and where
// console.log keeps every line of this console.
func (c *Console) Summary(sum report.Summary, runDir string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	unknown := 0
	var entries [][]line
	for i, sc := range sum.Scenarios {
		label, cause, fix := judged(sc)
		if label == "" {
			continue
		}
		if label == "UNKNOWN" {
			unknown++
		}
		name := sc.Name
		if sc.Lab != "" {
			name += " [" + sc.Lab + "]"
		}
		e := labelled(label, name)
		e = append(e, under("cause: "+cause, 2)...)
		e = append(e, under("fix: "+fix, 2)...)
		e = append(e, under("report: "+filepath.Join(runDir, report.HTMLFile)+"#"+report.Anchor(i), 2)...)
		entries = append(entries, e)
	}
	n := sum.Counts
	head := fmt.Sprintf("%d scenario(s): %d passed", n.Total, n.Passed)
	for _, part := range []struct {
		n    int
		what string
	}{{n.Failed, "failed"}, {n.Skipped, "skipped"}, {n.Errors, "did not finish"}} {
		if part.n > 0 {
			head += fmt.Sprintf(", %d %s", part.n, part.what)
		}
	}
	if unknown > 0 {
		head += fmt.Sprintf("; %d with a check that could not judge (unknown)", unknown)
	}
	c.print("", []line{{label: "==> summary: ", text: head, indent: 4}}, true, maxLines)
	if sum.Note != "" {
		c.print("", labelled("note", sum.Note), true, maxLines)
	}
	if sum.Error != "" {
		c.print("", labelled("error", sum.Error), true, maxFailureLines)
	}
	for _, e := range entries {
		c.print("", e, true, maxFailureLines)
	}
	c.print("", labelled("console", filepath.Join(runDir, LogName)+" (every line, plumbing included)"), true, maxLines)
}

// judged says how a scenario counts in the summary: "" passed with every
// check valid; else its label, the cause and the fix. The label is its
// status, or UNKNOWN when what failed it is a check that could not judge
// (or the run accepted that with --allow-unknown), or FAILED for a check
// that said invalid of a scenario whose steps passed. The cause and fix
// are a check's diagnosis (a setting, its value and node, what to change)
// where it made one, else what failed.
func judged(sc report.ScenarioResult) (label, cause, fix string) {
	var bad, unknown *report.Verdict
	for i, v := range sc.Verdicts {
		switch {
		case v.Verdict == checker.Invalid && bad == nil:
			bad = &sc.Verdicts[i]
		case v.Verdict == checker.Unknown && unknown == nil:
			unknown = &sc.Verdicts[i]
		}
	}
	failed := sc.Status != report.StatusPassed
	failedByUnknown := unknown != nil && sc.Status == report.StatusFailed && strings.Contains(sc.Message, unknown.Checker+": unknown")
	switch {
	case unknown != nil && bad == nil && (!failed || failedByUnknown):
		label, cause = "UNKNOWN", unknown.Checker+" said unknown: "+unknown.Explanation
		fix = "the check had too little in the history to judge (the report says what it lacked); --allow-unknown accepts it"
	case failed:
		label, cause = strings.ToUpper(sc.Status), firstLine(strings.TrimSpace(sc.Message+" "+sc.SkipReason))
	case bad != nil:
		label, cause = "FAILED", bad.Checker+" said invalid: "+bad.Explanation
	default:
		return "", "", ""
	}
	if bad != nil && bad.Cause != "" {
		cause, fix = bad.Checker+": "+bad.Cause, bad.Fix
	}
	if cause == "" {
		cause = sc.Status
	}
	if fix == "" {
		fix = "none diagnosed; the report's timeline shows what was expected, what was observed and the evidence"
	}
	return label, cause, fix
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

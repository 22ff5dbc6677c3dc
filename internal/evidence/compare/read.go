package compare

import (
	"path/filepath"

	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/usage"
	"github.com/saltlab/saltlab/internal/userfile"
)

// Folder is a finished run's folder and the name the user gave it.
type Folder struct{ Name, Dir string }

// Read compares the finished runs in a and b from their summary.json
// files and explains their differences by the table in the Markdown file
// explained, then, when their run.json record different engines, by what
// lim says each engine leaves out. Everything is read before anything is compared, so bad input
// (a folder without a summary, a broken table: usage errors naming the
// fix) is refused with nothing compared.
func Read(a, b Folder, explained string, lim EngineLimits) (Result, error) {
	sa, err := readRun(a)
	if err != nil {
		return Result{}, err
	}
	sb, err := readRun(b)
	if err != nil {
		return Result{}, err
	}
	known, err := readKnown(explained)
	if err != nil {
		return Result{}, err
	}
	res := Explain(Compare(sa, sb), known)
	if res.EngineA, err = readEngine(a); err != nil {
		return Result{}, usage.Wrap(err)
	}
	if res.EngineB, err = readEngine(b); err != nil {
		return Result{}, usage.Wrap(err)
	}
	return ExplainByEngine(res, lim)
}

// readRun reads the summary of the finished run in f.
func readRun(f Folder) (report.Summary, error) {
	s, err := report.ReadSummary(filepath.Join(f.Dir, report.SummaryFile))
	if err != nil {
		return report.Summary{}, usage.Errorf("compare %s: %w (name a finished run's folder: a run writes %s with its reports, so a run cut short before them cannot be compared)", f.Name, err, report.SummaryFile)
	}
	return s, nil
}

// readKnown reads the explained table; a broken row is the user's to fix.
func readKnown(path string) ([]Known, error) {
	b, err := userfile.ReadFile(path, userfile.Text)
	if err != nil {
		return nil, usage.Errorf("compare: read explained differences: %w (pass --explained FILE, or --root at the saltlab checkout)", err)
	}
	known, err := ParseKnown(string(b))
	if err != nil {
		return nil, usage.Errorf("compare: %s: %w", path, err)
	}
	return known, nil
}

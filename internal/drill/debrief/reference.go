package debrief

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/evidence/report"
	"github.com/saltlab/saltlab/internal/owned"
	"github.com/saltlab/saltlab/internal/userfile"
)

// A drill's reference runs: the history and progress of its solution's
// last self-test per flavour and release (`saltlab drill test NAME`
// keeps them; the newest wins), under the reports folder:
// drills/<name>/reference/<flavour>-<release>/. A learner's report.html
// draws their lane beside one.
const (
	referenceRoot = "drills"
	referenceDir  = "reference"
)

// Reference is one reference run of a drill's solution.
type Reference struct {
	Dir      string
	Progress *state.Progress
	History  []history.Entry
}

// ReferenceSummary is what the debrief says of the reference it was
// drawn beside.
type ReferenceSummary struct {
	Flavor  string `json:"flavor"`
	Release string `json:"release"`
	Date    string `json:"date"`
	Dir     string `json:"dir"`
	// Solved is when the solution had met every task, since the
	// incident's start (nil: the reference never did).
	Solved *time.Duration `json:"solved_after_ns,omitempty"`
}

// releaseWord keeps a folder name's characters from a release as Salt
// prints it ("3008.4", "3006.9 (saltlab sim 0.1.0)").
var releaseWord = regexp.MustCompile(`[^A-Za-z0-9._+-]`)

// referencePath is the folder of d's reference run for a flavour and
// release.
func referencePath(reports, drill, flavor, release string) string {
	rel := strings.Fields(release + " unknown")[0]
	rel = releaseWord.ReplaceAllString(rel, "")
	return filepath.Join(reports, referenceRoot, drill, referenceDir, flavor+"-"+rel)
}

// ReferenceRoot is the folder, under the reports folder, of a drill's
// reference runs (one per flavour and release).
func ReferenceRoot(drill string) string { return filepath.Join(referenceRoot, drill, referenceDir) }

// KeepReference keeps the solution run in runDir (its history and
// drill.json) as the drill's reference run for its flavour and release,
// replacing an older one. It returns the folder.
func KeepReference(reports string, d *spec.Drill, runDir string) (string, error) {
	p, err := state.Load(runDir)
	if err != nil {
		return "", fmt.Errorf("keep the reference run: %w", err)
	}
	dir := referencePath(reports, d.Name, p.Flavor, p.Release)
	if _, err := owned.Claim(dir, 0o755); err != nil {
		return "", fmt.Errorf("keep the reference run: %w", err)
	}
	for _, name := range []string{history.FileName, state.ProgressName} {
		b, err := userfile.ReadFile(filepath.Join(runDir, name), userfile.Record)
		if err == nil {
			err = owned.WriteFile(filepath.Join(dir, name), b, 0o644)
		}
		if err != nil {
			return "", fmt.Errorf("keep the reference run: %w", err)
		}
	}
	return dir, nil
}

// FindReference is the reference run to draw a run beside: one of the
// same flavour and release, else of the same flavour, else any; of
// those, the newest. Nil, with no error, when the drill has none.
func FindReference(reports string, d *spec.Drill, p *state.Progress) (*Reference, error) {
	root := filepath.Join(reports, ReferenceRoot(d.Name))
	ents, err := os.ReadDir(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("find the drill's reference run: %w", err)
	}
	var refs []*Reference
	for _, e := range ents {
		dir := filepath.Join(root, e.Name())
		if !e.IsDir() {
			continue
		}
		rp, err := state.Load(dir)
		if err != nil {
			return nil, fmt.Errorf("read the reference run %s: %w", dir, err)
		}
		refs = append(refs, &Reference{Dir: dir, Progress: rp})
	}
	if len(refs) == 0 {
		return nil, nil
	}
	rank := func(r *Reference) int {
		switch {
		case r.Progress.Flavor == p.Flavor && r.Progress.Release == p.Release:
			return 0
		case r.Progress.Flavor == p.Flavor:
			return 1
		}
		return 2
	}
	sort.SliceStable(refs, func(i, j int) bool {
		if a, b := rank(refs[i]), rank(refs[j]); a != b {
			return a < b
		}
		return refs[i].Progress.Started.After(refs[j].Progress.Started)
	})
	best := refs[0]
	if best.History, err = history.Read(filepath.Join(best.Dir, history.FileName)); err != nil {
		return nil, fmt.Errorf("read the reference run %s: %w", best.Dir, err)
	}
	return best, nil
}

// Summary is what the debrief says of the reference.
func (r *Reference) Summary(d *spec.Drill) *ReferenceSummary {
	p := r.Progress
	return &ReferenceSummary{Flavor: p.Flavor, Release: p.Release, Date: p.Started.UTC().Format(time.DateOnly), Dir: r.Dir, Solved: allMet(d.Tasks, p)}
}

// Lanes are the reference run's lanes as the comparison draws them, from
// its incident's start: the solution's steps, and when its tasks were met.
func (r *Reference) Lanes(d *spec.Drill) []report.ComparisonLane {
	return []report.ComparisonLane{{Label: "solution", Marks: opMarks(r.Progress, r.History, state.Solution)},
		{Label: "tasks met", Marks: metMarks(d, r.Progress)}}
}

// Compare draws a run's lane beside its reference run's, both from their
// incident's start: the run's commands, verbs and hints and the moments
// its tasks were met, then the solution's steps and the moments its
// tasks were met; its first note is what the incident cost (db). With no
// reference the comparison says how to make one (`saltlab drill test
// NAME`); why a reference could not be read is said too.
func Compare(d *spec.Drill, p *state.Progress, db Debrief, h []history.Entry, ref *Reference, refErr error) report.Comparison {
	c := report.Comparison{Scenario: ScenarioName(d.Name), Title: "This run beside the reference run of the solution", Origin: "the incident's start",
		Notes: []string{fmt.Sprintf("While the incident lasted (%s): %s.", window(db.Cost), costText(db.Cost))}}
	who := p.Mode
	if who == "" || who == state.Learner {
		who = "you"
		c.Title = "Your run beside the reference run of the solution"
	}
	c.Lanes = append(c.Lanes, report.ComparisonLane{Label: who + ": commands", Marks: opMarks(p, h, state.Learner, p.Mode)},
		report.ComparisonLane{Label: who + ": tasks met", Marks: metMarks(d, p)})
	switch {
	case refErr != nil:
		c.Notes = append(c.Notes, fmt.Sprintf("The drill's reference run could not be read (%v): `saltlab drill test %s` makes a new one.", refErr, d.Name))
	case ref == nil:
		c.Notes = append(c.Notes, fmt.Sprintf("No reference run of the solution exists for this drill yet: `saltlab drill test %s` (its self-test) makes one, and later reports draw this lane beside it.", d.Name))
	default:
		s := ref.Summary(d)
		note := fmt.Sprintf("Reference: the solution's self-test on Salt %s %s, %s", s.Flavor, s.Release, s.Date)
		if s.Solved != nil {
			note += fmt.Sprintf(": every task met %s after the incident's start", s.Solved.Round(100*time.Millisecond))
		}
		if s.Flavor != p.Flavor || s.Release != p.Release {
			note += fmt.Sprintf(" (this run: Salt %s %s)", p.Flavor, p.Release)
		}
		c.Notes = append(c.Notes, note+".")
		label := fmt.Sprintf("reference (%s %s, %s)", s.Flavor, strings.Fields(s.Release + " ?")[0], s.Date)
		c.Lanes = append(c.Lanes, report.ComparisonLane{Label: label + ": solution", Marks: opMarks(ref.Progress, ref.History, state.Solution)},
			report.ComparisonLane{Label: label + ": tasks met", Marks: metMarks(d, ref.Progress)})
	}
	return c
}

// opMarks are the operations of lanes in h, from the incident's start: a
// bar from invocation to completion, coloured by how it ended.
func opMarks(p *state.Progress, h []history.Entry, lanes ...string) []report.Mark {
	var out []report.Mark
	for _, o := range history.Ops(h) {
		if !slices.Contains(lanes, o.Invoke.Process) || o.Invoke.Time.Before(p.Started) {
			continue
		}
		m := report.Mark{At: o.Invoke.Time.Sub(p.Started), Outcome: report.OutcomeOpen, Title: o.Invoke.F}
		if o.Completion != nil {
			m.Until, m.Outcome = o.Completion.Time.Sub(p.Started), string(o.Completion.Type)
		}
		if o.Invoke.Node != "" {
			m.Title = o.Invoke.Node + ": " + m.Title
		}
		out = append(out, m)
	}
	return out
}

// metMarks are the moments p's tasks were first met, in the drill's
// order.
func metMarks(d *spec.Drill, p *state.Progress) []report.Mark {
	var out []report.Mark
	for _, t := range d.Tasks {
		if at, ok := p.Met[t.ID]; ok {
			out = append(out, report.Mark{At: at.Sub(p.Started), Outcome: report.OutcomeOK, Title: "met: " + t.Title})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At < out[j].At })
	return out
}

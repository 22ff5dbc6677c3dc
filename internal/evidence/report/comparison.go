package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/saltlab/saltlab/internal/userfile"
)

// ComparisonFile is a run folder's optional comparison: lanes of this
// run beside a reference run's on one time axis, both counted from a
// moment they share (a drill's: the learner's commands and the
// solution's steps, from the incident's start). Whoever ran the scenario
// writes it; the report draws it under the scenario's timeline.
const ComparisonFile = "comparison.json"

// maxComparison bounds comparison.json: its lanes are bounded by who
// writes them (maxMarks a lane is drawn).
const maxComparison = 4 << 20

// maxMarks bounds the marks a comparison lane lists in words.
const maxMarks = 60

// Comparison is what ComparisonFile holds.
type Comparison struct {
	Scenario string `json:"scenario"` // the scenario whose section shows it
	Title    string `json:"title"`
	Origin   string `json:"origin"` // what the axis counts from, in words
	// Notes are lines shown above the picture (what the reference is,
	// or how to make one).
	Notes []string         `json:"notes,omitempty"`
	Lanes []ComparisonLane `json:"lanes"`
}

// ComparisonLane is one row: a run's operations or moments.
type ComparisonLane struct {
	Label string `json:"label"`
	Marks []Mark `json:"marks"`
}

// Mark is a moment (Until zero) or a bar, in offsets from the origin;
// Outcome colours it as the timeline does (ok, fail, info, open, event).
type Mark struct {
	At      time.Duration `json:"at_ns"`
	Until   time.Duration `json:"until_ns,omitempty"`
	Outcome string        `json:"outcome"`
	Title   string        `json:"title"`
}

// readComparison reads the run folder's comparison (nil when it has
// none).
func readComparison(dir string) (*Comparison, error) {
	path := filepath.Join(dir, ComparisonFile)
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	b, err := userfile.ReadFile(path, maxComparison)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", ComparisonFile, err)
	}
	var c Comparison
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return &c, nil
}

// comparisonView is a comparison as the page shows it: the picture and
// each lane's marks in words.
type comparisonView struct {
	*Comparison
	Anchor string
	SVG    template.HTML
	Lists  []laneList
}

type laneList struct {
	Label string
	Lines []string
	More  int
}

// newComparisonView draws c on a time axis from its origin, in the
// section anchored at anchor.
func newComparisonView(c *Comparison, anchor string) *comparisonView {
	v := &comparisonView{Comparison: c, Anchor: anchor + "-comparison"}
	var end time.Duration
	for _, l := range c.Lanes {
		for _, m := range l.Marks {
			end = max(end, m.At, m.Until)
		}
	}
	end = max(end, time.Second)
	t := Timeline{Length: end + end/12, Source: "comparison"}
	for _, l := range c.Lanes {
		lane := Lane{Label: l.Label, Kind: laneOps, Title: fmt.Sprintf("%s: %d mark(s)", l.Label, len(l.Marks))}
		list := laneList{Label: l.Label}
		for i, m := range l.Marks {
			title := fmt.Sprintf("+%s %s", secs(m.At), m.Title)
			if m.Until > m.At {
				lane.Segs = append(lane.Segs, Seg{From: m.At, To: m.Until, Outcome: m.Outcome, Title: title})
			} else {
				lane.Ticks = append(lane.Ticks, Tick{At: m.At, Outcome: m.Outcome, Title: title})
			}
			if i < maxMarks {
				list.Lines = append(list.Lines, fmt.Sprintf("%s (%s)", title, m.Outcome))
			}
		}
		list.More = max(len(l.Marks)-maxMarks, 0)
		t.Lanes = append(t.Lanes, lane)
		v.Lists = append(v.Lists, list)
	}
	v.SVG = SVG(t, c.Title)
	return v
}

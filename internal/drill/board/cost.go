package board

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/drill/debrief"
	"github.com/saltlab/saltlab/internal/drill/spec"
	"github.com/saltlab/saltlab/internal/drill/state"
)

// CostView is what the incident has cost so far, as the debrief counts it
// (debrief.Cost: Until is "mitigation" once every service task was met,
// "stop" while not yet), over the history the board holds.
type CostView struct {
	debrief.Cost
	// CountedFrom is when the count starts: the incident's start, or,
	// when the board no longer holds the history back to it, the first
	// entry it holds (Cut), which Note explains.
	CountedFrom time.Time `json:"counted_from"`
	Cut         bool      `json:"cut"`
	Note        string    `json:"note,omitempty"`
}

// costView counts the incident's cost so far from the run's history.
func costView(d *spec.Drill, p *state.Progress, h History, now time.Time) CostView {
	v := CostView{Cost: debrief.CostSoFar(d, p, h.Tail, now), CountedFrom: p.Started}
	if !h.From.IsZero() && h.From.After(p.Started) {
		v.Cut, v.CountedFrom = true, h.From
		v.Note = fmt.Sprintf("counted from %s, not from the incident's start (%s): the board holds the last MiB of the history and this drill's is longer; the debrief counts the whole incident",
			h.From.UTC().Format(time.TimeOnly), p.Started.UTC().Format(time.TimeOnly))
	}
	return v
}

// RefView is the drill's reference run of the solution, as the learner's
// debrief will draw it beside theirs.
type RefView struct {
	Flavor  string `json:"flavor"`
	Release string `json:"release"`
	Date    string `json:"date"`
	// SolvedAfter is when the solution had met every task, since its
	// incident's start (nil: it never did).
	SolvedAfter *time.Duration `json:"solved_after_ns,omitempty"`
	// URL is the board's page of it (the page adds the token).
	URL string `json:"url"`
}

type cachedRef struct {
	stamp string
	sum   *debrief.ReferenceSummary
	err   error
}

// reference is the summary of the reference run the drill in flight would
// be drawn beside, read again only when the drill's reference runs changed
// (refStamp).
func (s *Source) reference(d *spec.Drill, p *state.Progress) (*debrief.ReferenceSummary, error) {
	key := d.Name + "\x00" + p.Flavor + "\x00" + p.Release
	stamp := refStamp(filepath.Join(s.Reports, debrief.ReferenceRoot(d.Name)))
	if c, ok := s.refs[key]; ok && c.stamp == stamp {
		return c.sum, c.err
	}
	c := cachedRef{stamp: stamp}
	ref, err := debrief.FindReference(s.Reports, d, p)
	switch {
	case err != nil:
		c.err = err
	case ref != nil:
		c.sum = ref.Summary(d)
	}
	s.refs[key] = c
	return c.sum, c.err
}

// refStamp names the state of a drill's reference runs: each one's
// drill.json, by size and time (a self-test rewrites it last).
func refStamp(root string) string {
	ents, err := os.ReadDir(root)
	if err != nil {
		return "none"
	}
	var b strings.Builder
	for _, e := range ents {
		if fi, err := os.Lstat(filepath.Join(root, e.Name(), state.ProgressName)); err == nil {
			fmt.Fprintf(&b, "%s:%d:%d;", e.Name(), fi.Size(), fi.ModTime().UnixNano())
		}
	}
	return b.String()
}

// refView is the page's view of a reference summary.
func refView(runID string, sum *debrief.ReferenceSummary) *RefView {
	if sum == nil {
		return nil
	}
	return &RefView{Flavor: sum.Flavor, Release: sum.Release, Date: sum.Date, SolvedAfter: sum.Solved,
		URL: "reference?run=" + runID}
}

package report

import (
	"fmt"
	"sort"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// Limits that keep a timeline legible and its SVG bounded whatever the
// run's size (50 minions, 10 minutes, tens of thousands of operations):
// time is cut into Columns, each lane shows at most one mark per column,
// and at most MaxOpLanes lanes of operations are drawn.
const (
	Columns    = 400
	MaxOpLanes = 16
	MaxLabel   = 44
)

// Outcomes of a drawn operation: history's completion types plus "open"
// for an invocation the run never completed (Jepsen treats it as info).
const (
	OutcomeOK   = string(history.OK)
	OutcomeFail = string(history.Fail)
	OutcomeInfo = string(history.Info)
	OutcomeOpen = "open"
)

// Timeline is what one scenario's picture shows, in offsets from Start.
type Timeline struct {
	Start  time.Time
	Length time.Duration
	// Source says where the picture comes from: the recorded history, or
	// (older runs) only the fault ledger and the measurements.
	Source  string
	Windows []Window
	Lanes   []Lane
	// Hidden counts operation lanes left out by MaxOpLanes.
	Hidden int
}

// Window is a shaded fault window; Open means it was never undone.
type Window struct {
	From, To time.Duration
	Label    string
	Open     bool
}

// Lane is one row: a process's operations, a master's events or a
// measurement across minions.
type Lane struct {
	Label string
	Kind  string // "ops", "events" or "measure"
	Title string // the tooltip: the full label and counts
	Segs  []Seg
	Ticks []Tick
	// Bounds are the measurement's bounds, drawn as dashed lines.
	Bounds []time.Duration
}

// Seg is a bar from one column to another.
type Seg struct {
	From, To time.Duration
	Outcome  string
	Title    string
}

// Tick is a point: an event, or a measured moment.
type Tick struct {
	At      time.Duration
	Outcome string
	Title   string
}

const (
	laneOps     = "ops"
	laneEvents  = "events"
	laneMeasure = "measure"
)

// BuildTimeline assembles a scenario's timeline from the evidence. ok is
// false when nothing timed was recorded for it (no history, no fault, no
// measurement with a fault to measure from).
func BuildTimeline(sc ScenarioResult, ev Evidence) (Timeline, bool) {
	h := ev.HistoryFor(sc.Name)
	faults := ev.FaultsFor(sc.Name)
	var times []time.Time
	for _, e := range h {
		times = append(times, e.Time)
	}
	for _, w := range faults {
		times = append(times, w.Start)
		if !w.End.IsZero() {
			times = append(times, w.End)
		}
	}
	ref, hasRef := lastFaultStart(faults)
	if hasRef {
		for _, m := range sc.Measurements {
			times = append(times, ref.Add(max(m.Observed, m.Bound)))
		}
	}
	if len(times) == 0 {
		return Timeline{}, false
	}
	sort.Slice(times, func(i, j int) bool { return times[i].Before(times[j]) })
	// A margin after the last moment leaves room for the labels there.
	span := max(times[len(times)-1].Sub(times[0]), time.Second)
	t := Timeline{Start: times[0], Length: span + span/12, Source: "history"}
	if len(h) == 0 {
		t.Source = "ledger"
	}
	at := func(x time.Time) time.Duration { return x.Sub(t.Start) }
	for _, w := range faults {
		win := Window{From: at(w.Start), To: t.Length, Label: fmt.Sprintf("%s %s", w.Kind, w.Target), Open: w.End.IsZero()}
		if !w.End.IsZero() {
			win.To = at(w.End)
		}
		t.Windows = append(t.Windows, win)
	}
	var ops []Lane
	ops, t.Hidden = opLanes(t, history.Ops(h))
	t.Lanes = append(t.Lanes, ops...)
	t.Lanes = append(t.Lanes, eventLanes(t, h)...)
	if hasRef {
		t.Lanes = append(t.Lanes, measureLanes(at(ref), sc.Measurements)...)
	}
	return t, true
}

// lastFaultStart is what steps measure bounds from: the scenario's last
// fault (scenario.World.Reference). The ledger records a fault just before it acts,
// so a drawn failover time can start a moment (the stop itself) early.
func lastFaultStart(ws []history.FaultWindow) (time.Time, bool) {
	var last time.Time
	for _, w := range ws {
		if w.Start.After(last) {
			last = w.Start
		}
	}
	return last, !last.IsZero()
}

// column is the column of offset d.
func (t Timeline) column(d time.Duration) int {
	c := int(int64(d) * Columns / int64(t.Length))
	return min(max(c, 0), Columns-1)
}

// colStart is the offset where column c starts.
func (t Timeline) colStart(c int) time.Duration {
	return time.Duration(int64(c) * int64(t.Length) / Columns)
}

package report

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
	"github.com/saltlab/saltlab/internal/textclip"
)

// rank orders outcomes for a column holding several: the worst is drawn.
var rank = map[string]int{OutcomeOK: 1, OutcomeOpen: 2, OutcomeInfo: 3, OutcomeFail: 4}

// column is what one lane shows in one column.
type column struct {
	outcome string
	n       int
	f       string
}

// procCols is one process's operations, column by column.
type procCols struct {
	name   string
	cols   []column
	counts map[string]int
}

// opLanes draws each process's operations as bars from invocation to
// completion. Processes whose bars look alike (the same outcome in every
// column: typically the minions of a healthy group) share one lane, lanes
// with the worst outcomes (fail, then info, then open) come first, and at most
// MaxOpLanes are kept; hidden counts the processes left out.
func opLanes(t Timeline, ops []history.Op) (_ []Lane, hidden int) {
	var lanes []groupLane
	by := map[string]*procCols{}
	var names []string
	for _, op := range ops {
		name := op.Invoke.Process
		if name == "" {
			name = op.Invoke.Node
		}
		p, ok := by[name]
		if !ok {
			p = &procCols{name: name, cols: make([]column, Columns), counts: map[string]int{}}
			by[name] = p
			names = append(names, name)
		}
		outcome, end := OutcomeOpen, t.Length
		if op.Completion != nil {
			outcome, end = string(op.Completion.Type), op.Completion.Time.Sub(t.Start)
		}
		p.counts[outcome]++
		for c := t.column(op.Invoke.Time.Sub(t.Start)); c <= t.column(end); c++ {
			col := &p.cols[c]
			col.n++
			if rank[outcome] > rank[col.outcome] {
				col.outcome, col.f = outcome, op.Invoke.F
			}
		}
	}
	groups := map[string][]*procCols{}
	var order []string
	for _, n := range names {
		sig := signature(by[n].cols)
		if _, ok := groups[sig]; !ok {
			order = append(order, sig)
		}
		groups[sig] = append(groups[sig], by[n])
	}
	for _, sig := range order {
		lanes = append(lanes, opLane(t, groups[sig]))
	}
	sort.SliceStable(lanes, func(i, j int) bool {
		si, sj := severity(lanes[i]), severity(lanes[j])
		if si != sj {
			return si > sj
		}
		return naturalLess(lanes[i].Label, lanes[j].Label)
	})
	if len(lanes) > MaxOpLanes {
		for _, l := range lanes[MaxOpLanes:] {
			hidden += l.procs
		}
		lanes = lanes[:MaxOpLanes]
	}
	out := make([]Lane, len(lanes))
	for i, l := range lanes {
		out[i] = l.Lane
	}
	return out, hidden
}

type groupLane struct {
	Lane
	procs int
}

// severity is the rank of a lane's worst outcome: failures first.
func severity(l groupLane) int {
	worst := 0
	for _, s := range l.Segs {
		worst = max(worst, rank[s.Outcome])
	}
	return worst
}

func signature(cols []column) string {
	var b strings.Builder
	for _, c := range cols {
		b.WriteString(c.outcome)
		b.WriteByte(',')
	}
	return b.String()
}

func opLane(t Timeline, ps []*procCols) groupLane {
	sort.Slice(ps, func(i, j int) bool { return naturalLess(ps[i].name, ps[j].name) })
	label := ps[0].name
	if len(ps) > 1 {
		label = fmt.Sprintf("%s … %s (%d alike)", ps[0].name, ps[len(ps)-1].name, len(ps))
	}
	totals := map[string]int{}
	var members []string
	for _, p := range ps {
		members = append(members, p.name)
		for k, v := range p.counts {
			totals[k] += v
		}
	}
	l := groupLane{procs: len(ps), Lane: Lane{Label: textclip.Clip(label, MaxLabel), Kind: laneOps,
		Title: fmt.Sprintf("%s: %s", strings.Join(members, ", "), countText(totals))}}
	cols := ps[0].cols
	for c := 0; c < Columns; {
		if cols[c].outcome == "" {
			c++
			continue
		}
		end, n := c, 0
		for end < Columns && cols[end].outcome == cols[c].outcome {
			n += cols[end].n
			end++
		}
		l.Segs = append(l.Segs, Seg{From: t.colStart(c), To: t.colStart(end), Outcome: cols[c].outcome,
			Title: fmt.Sprintf("%s %s from +%s to +%s", cols[c].f, cols[c].outcome, secs(t.colStart(c)), secs(t.colStart(end)))})
		c = end
	}
	return l
}

// eventLanes puts each master's Salt events on a lane of ticks, one per
// column, titled with how many and which tags.
func eventLanes(t Timeline, h []history.Entry) []Lane {
	type col struct {
		n    int
		tags []string
	}
	by := map[string][]col{}
	var masters []string
	for _, e := range h {
		if e.Type != history.Event {
			continue
		}
		cs, ok := by[e.Master]
		if !ok {
			cs = make([]col, Columns)
			masters = append(masters, e.Master)
		}
		c := &cs[t.column(e.Time.Sub(t.Start))]
		c.n++
		if len(c.tags) < 3 {
			c.tags = append(c.tags, e.Tag)
		}
		by[e.Master] = cs
	}
	sort.Slice(masters, func(i, j int) bool { return naturalLess(masters[i], masters[j]) })
	var lanes []Lane
	for _, m := range masters {
		l := Lane{Label: textclip.Clip("events @ "+m, MaxLabel), Kind: laneEvents}
		total := 0
		for i, c := range by[m] {
			if c.n == 0 {
				continue
			}
			total += c.n
			l.Ticks = append(l.Ticks, Tick{At: t.colStart(i), Outcome: "event",
				Title: fmt.Sprintf("+%s: %d event(s): %s", secs(t.colStart(i)), c.n, strings.Join(c.tags, ", "))})
		}
		l.Title = fmt.Sprintf("%d Salt event(s) published by %s", total, m)
		lanes = append(lanes, l)
	}
	return lanes
}

// measureLanes draws each measurement (failover time and the like) across
// its subjects: a tick where each was observed, measured from the last
// fault at ref, and its bounds as dashed lines.
func measureLanes(ref time.Duration, ms []Measurement) []Lane {
	var lanes []Lane
	var names []string
	at := map[string]int{}
	for _, m := range ms {
		i, ok := at[m.Name]
		if !ok {
			i = len(lanes)
			at[m.Name] = i
			names = append(names, m.Name)
			lanes = append(lanes, Lane{Label: textclip.Clip(m.Name, MaxLabel), Kind: laneMeasure})
		}
		l := &lanes[i]
		outcome := OutcomeOK
		if !m.Met {
			outcome = OutcomeFail
		}
		if m.Observed > 0 || !m.Met {
			when := m.Observed
			if when == 0 {
				when = m.Bound
			}
			l.Ticks = append(l.Ticks, Tick{At: ref + when, Outcome: outcome, Title: m.Subject + ": " + m.ObservedText() + ", bound " + m.Bound.String()})
		}
		if !slices.Contains(l.Bounds, ref+m.Bound) {
			l.Bounds = append(l.Bounds, ref+m.Bound)
		}
	}
	for i := range lanes {
		l := &lanes[i]
		var worst time.Duration
		failed := 0
		for _, tk := range l.Ticks {
			worst = max(worst, tk.At-ref)
			if tk.Outcome == OutcomeFail {
				failed++
			}
		}
		l.Title = fmt.Sprintf("%s: %d observation(s), slowest %s after the last fault, %d not within the bound", names[i], len(l.Ticks), secs(worst), failed)
	}
	return lanes
}

func countText(m map[string]int) string {
	var parts []string
	for _, k := range []string{OutcomeOK, OutcomeFail, OutcomeInfo, OutcomeOpen} {
		if m[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", m[k], k))
		}
	}
	return strings.Join(parts, ", ")
}

// secs renders an offset as seconds with one decimal.
func secs(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + "s" }

// naturalLess orders "salt-minion-2" before "salt-minion-10".
func naturalLess(a, b string) bool {
	pa, na := splitNum(a)
	pb, nb := splitNum(b)
	if pa != pb || na < 0 || nb < 0 {
		return a < b
	}
	return na < nb
}

func splitNum(s string) (string, int) {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	n, err := strconv.Atoi(s[i:])
	if err != nil {
		return s, -1
	}
	return s[:i], n
}

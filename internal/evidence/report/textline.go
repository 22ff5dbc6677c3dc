package report

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/evidence/history"
)

// MaxTextLines bounds the text timeline in JUnit's <system-out>: CI pages
// show it whole, and history.jsonl has the rest.
const MaxTextLines = 60

// TextTimeline renders a scenario's timeline as lines for CI logs: the
// fault windows, every operation that failed, ended indeterminate or never
// ended, each process's first success and its first success after
// trouble (the recovery), and each master's first event; then one line
// per lane. ok is false when nothing timed was recorded.
func TextTimeline(sc ScenarioResult, ev Evidence) (string, bool) {
	t, ok := BuildTimeline(sc, ev)
	if !ok {
		return "", false
	}
	var b strings.Builder
	src := "the fault ledger and the measurements (no history was recorded)"
	if t.Source == "history" {
		src = history.FileName
	}
	fmt.Fprintf(&b, "timeline from %s; +0.0s = %s\n", src, t.Start.UTC().Format(time.RFC3339Nano))
	lines := textEvents(t, ev.HistoryFor(sc.Name))
	for i, l := range lines {
		if i == MaxTextLines {
			fmt.Fprintf(&b, "  ... %d more line(s): see %s\n", len(lines)-MaxTextLines, history.FileName)
			break
		}
		b.WriteString("  " + l + "\n")
	}
	b.WriteString("lanes:\n")
	for _, l := range t.Lanes {
		fmt.Fprintf(&b, "  %s\n", l.Title)
	}
	if t.Hidden > 0 {
		fmt.Fprintf(&b, "  +%d more process(es) not drawn\n", t.Hidden)
	}
	return b.String(), true
}

type textLine struct {
	at   time.Duration
	text string
}

func textEvents(t Timeline, h []history.Entry) []string {
	var ls []textLine
	for _, w := range t.Windows {
		end := "never undone"
		if !w.Open {
			end = "until +" + secs(w.To)
		}
		ls = append(ls, textLine{w.From, fmt.Sprintf("fault %s (%s)", w.Label, end)})
	}
	seenOK := map[string]bool{}
	troubled := map[string]bool{}
	firstEvent := map[string]bool{}
	for _, op := range history.Ops(h) {
		p := op.Invoke.Process
		c := op.Completion
		switch {
		case c == nil:
			ls = append(ls, textLine{op.Invoke.Time.Sub(t.Start), fmt.Sprintf("%s %s: invoked, never completed (open)", p, op.Invoke.F)})
			troubled[p] = true
		case c.Type != history.OK:
			ls = append(ls, textLine{c.Time.Sub(t.Start), fmt.Sprintf("%s %s: %s%s", p, op.Invoke.F, c.Type, errText(c.Error))})
			troubled[p] = true
		case !seenOK[p] || troubled[p]:
			what := "first ok"
			if troubled[p] {
				what = "ok again"
			}
			ls = append(ls, textLine{c.Time.Sub(t.Start), fmt.Sprintf("%s %s: %s%s", p, op.Invoke.F, what, viaText(c.Via))})
			seenOK[p], troubled[p] = true, false
		}
	}
	for _, e := range h {
		if e.Type == history.Event && !firstEvent[e.Master] {
			firstEvent[e.Master] = true
			ls = append(ls, textLine{e.Time.Sub(t.Start), fmt.Sprintf("%s first event: %s", e.Master, e.Tag)})
		}
	}
	sortLines(ls)
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = fmt.Sprintf("%-8s %s", "+"+secs(l.at), l.text)
	}
	return out
}

// sortLines orders by time; lines at one moment keep the order faults,
// operations, events.
func sortLines(ls []textLine) {
	sort.SliceStable(ls, func(i, j int) bool { return ls[i].at < ls[j].at })
}

func errText(e string) string {
	if e == "" {
		return ""
	}
	return " (" + e + ")"
}

func viaText(v string) string {
	if v == "" {
		return ""
	}
	return " via " + v
}

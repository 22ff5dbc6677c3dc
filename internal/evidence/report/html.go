package report

import (
	"fmt"
	"html/template"
	"io"
	"strconv"
	"time"
)

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"dur":  func(d time.Duration) string { return d.Round(time.Millisecond).String() },
	"time": func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
	"secs": func(s string) string {
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return strconv.FormatFloat(f, 'f', 1, 64)
		}
		return s
	},
}).Parse(pageTemplate))

// WriteHTML renders a single static page: no script, no external asset,
// every timeline an inline SVG, so it reads the same from a CI artefact,
// a mail attachment or a file:// URL.
func WriteHTML(w io.Writer, sum Summary, ev Evidence) error {
	if err := page.Execute(w, newPageView(sum, ev)); err != nil {
		return fmt.Errorf("render html report: %w", err)
	}
	return nil
}

// pageView is what the template shows.
type pageView struct {
	Summary
	Scenarios []scenarioView
	HasHist   bool
	Legend    []legendItem
}

type scenarioView struct {
	ScenarioResult
	Anchor   string
	Timeline template.HTML // empty: nothing timed was recorded
	Source   string
	Verdicts []verdictView
	Failover string
	// Comparison is this run beside a reference run (ComparisonFile).
	Comparison *comparisonView
}

type verdictView struct {
	Verdict
	Lines []string
}

type legendItem struct{ Colour, Text string }

// MaxEvidenceLines bounds the history entries shown under one verdict.
const MaxEvidenceLines = 20

// Anchor is the id of the section of report.html that shows the i-th
// scenario of the summary (from 0), for a link to it: report.html#s1.
func Anchor(i int) string { return "s" + strconv.Itoa(i+1) }

func newPageView(sum Summary, ev Evidence) pageView {
	v := pageView{Summary: sum, HasHist: ev.HasHistory, Legend: []legendItem{
		{colours[OutcomeOK], "ok: the operation did what it asked"},
		{colours[OutcomeFail], "fail: it certainly did not"},
		{colours[OutcomeInfo], "info: outcome unknown (timeout, lost connection)"},
		{colours[OutcomeOpen], "open: never completed before the run ended"},
		{colours["event"], "a Salt event on that master's bus"},
		{"#f8d7da", "a fault window, from injection to undo"},
	}}
	for i, sc := range sum.Scenarios {
		sv := scenarioView{ScenarioResult: sc, Anchor: Anchor(i), Failover: failoverCell(sc.Measurements)}
		if t, ok := BuildTimeline(sc, ev); ok {
			sv.Timeline, sv.Source = SVG(t, sc.Name), t.Source
		}
		if c := ev.Comparison; c != nil && c.Scenario == sc.Name {
			sv.Comparison = newComparisonView(c, sv.Anchor)
		}
		for _, vd := range sc.Verdicts {
			vv := verdictView{Verdict: vd}
			cited := append(append([]int64(nil), vd.Evidence...), vd.CauseEvidence...)
			for j, idx := range cited {
				if j == MaxEvidenceLines {
					vv.Lines = append(vv.Lines, fmt.Sprintf("... %d more entries in history.jsonl", len(cited)-j))
					break
				}
				vv.Lines = append(vv.Lines, entryLine(ev, idx))
			}
			sv.Verdicts = append(sv.Verdicts, vv)
		}
		v.Scenarios = append(v.Scenarios, sv)
	}
	return v
}

// entryLine renders one history entry a verdict cites.
func entryLine(ev Evidence, idx int64) string {
	e, ok := ev.Entry(idx)
	if !ok {
		return fmt.Sprintf("#%d: not in history.jsonl", idx)
	}
	who := e.Process
	if e.Type == "event" {
		who = e.Master
	}
	what := e.F
	if e.Tag != "" {
		what = e.Tag
	}
	if e.Kind != "" {
		what = e.Phase + " " + string(e.Kind) + " " + e.Target
	}
	return fmt.Sprintf("#%d %s %s %s %s%s%s", idx, e.Time.UTC().Format("15:04:05.000"), who, e.Type, what, viaText(e.Via), errText(e.Error))
}

// failoverCell summarises a scenario's measurements for the table: the
// slowest observation against its bound, and how many missed.
func failoverCell(ms []Measurement) string {
	if len(ms) == 0 {
		return ""
	}
	var worst Measurement
	missed := 0
	for _, m := range ms {
		if !m.Met {
			missed++
		}
		if m.Observed >= worst.Observed {
			worst = m
		}
	}
	s := fmt.Sprintf("slowest %s (%s), bound %s", worst.ObservedText(), worst.Subject, worst.Bound)
	if worst.ObservedText() == "never" {
		s = fmt.Sprintf("%s: never, bound %s", worst.Subject, worst.Bound)
	}
	if missed > 0 {
		s += fmt.Sprintf("; %d of %d NOT within", missed, len(ms))
	}
	return s
}

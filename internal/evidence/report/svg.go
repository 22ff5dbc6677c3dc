package report

import (
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/saltlab/saltlab/internal/textclip"
)

// SVG geometry, in pixels. The picture's size depends only on how many
// lanes it has (bounded by MaxOpLanes plus masters and measurements),
// never on the run's length or number of operations.
const (
	svgWidth = 1100
	plotX    = 270
	plotW    = svgWidth - plotX - 20
	axisH    = 46
	laneH    = 20
	barH     = 12
)

// Colours by outcome; the legend in html.go repeats them in words.
var colours = map[string]string{
	OutcomeOK: "#2e7d32", OutcomeFail: "#c62828", OutcomeInfo: "#ef8f00", OutcomeOpen: "#9e9e9e", "event": "#1565c0",
}

// SVG renders a timeline as an inline SVG element: no script, no external
// reference, tooltips as <title> elements.
func SVG(t Timeline, caption string) template.HTML {
	rows := len(t.Lanes)
	if t.Hidden > 0 {
		rows++
	}
	h := axisH + rows*laneH + 10
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="timeline" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">`+"\n",
		svgWidth, h, svgWidth, h, esc("timeline: "+caption))
	fmt.Fprintf(&b, `<rect x="0" y="0" width="%d" height="%d" fill="#fff"/>`+"\n", svgWidth, h)
	x := func(d time.Duration) float64 { return plotX + float64(plotW)*float64(d)/float64(t.Length) }
	for i, w := range t.Windows {
		x0, x1 := x(w.From), x(w.To)
		state := "until +" + secs(w.To)
		if w.Open {
			state = "never undone"
		}
		fmt.Fprintf(&b, `<rect class="fault" x="%.1f" y="%d" width="%.1f" height="%d" fill="#f8d7da" fill-opacity="0.7"><title>fault %s: +%s, %s</title></rect>`+"\n",
			x0, axisH-14, max(x1-x0, 2), h-axisH+4, esc(w.Label), secs(w.From), state)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="11" fill="#8a1c1c">⚡ %s</text>`+"\n", x0+2, axisH-16-12*(i%2), esc(textclip.Clip(w.Label, MaxLabel)))
	}
	step := axisStep(t.Length)
	for d := time.Duration(0); d <= t.Length; d += step {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/><text x="%.1f" y="12" font-size="11" fill="#555" text-anchor="middle">+%s</text>`+"\n",
			x(d), axisH-4, x(d), h-6, x(d), axisLabel(d))
	}
	for i, l := range t.Lanes {
		y := axisH + i*laneH
		mid := y + laneH/2
		fmt.Fprintf(&b, `<text x="4" y="%d" font-size="11" fill="#222">%s<title>%s</title></text>`+"\n", mid+4, esc(l.Label), esc(l.Title))
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#eee"/>`+"\n", plotX, y+laneH, plotX+plotW, y+laneH)
		for _, s := range l.Segs {
			fmt.Fprintf(&b, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"><title>%s</title></rect>`+"\n",
				x(s.From), mid-barH/2, max(x(s.To)-x(s.From), 1), barH, colours[s.Outcome], esc(s.Title))
		}
		for _, tk := range l.Ticks {
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="2"><title>%s</title></line>`+"\n",
				x(tk.At), mid-barH/2-1, x(tk.At), mid+barH/2+1, colours[tk.Outcome], esc(tk.Title))
		}
		if l.Kind == laneMeasure && len(l.Ticks) > 0 {
			slow := l.Ticks[0]
			for _, tk := range l.Ticks {
				if tk.At > slow.At {
					slow = tk
				}
			}
			// The label goes on the side of the tick with room for it.
			lx, anchor := x(slow.At)+3, "start"
			if slow.At > t.Length/2 {
				lx, anchor = x(slow.At)-3, "end"
			}
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="10" fill="#222" text-anchor="%s">%s</text>`+"\n", lx, mid+4, anchor, esc(slow.Title))
		}
		for _, bd := range l.Bounds {
			fmt.Fprintf(&b, `<line class="bound" x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#c62828" stroke-dasharray="4 3"><title>bound: +%s after the last fault</title></line>`+"\n",
				x(bd), axisH-4, x(bd), h-6, secs(bd))
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="10" fill="#c62828" text-anchor="start">bound</text>`+"\n", x(bd)+2, mid-barH/2+2)
		}
	}
	if t.Hidden > 0 {
		y := axisH + len(t.Lanes)*laneH + laneH/2 + 4
		fmt.Fprintf(&b, `<text x="4" y="%d" font-size="12" fill="#555">+%d more process(es), not drawn (all in history.jsonl)</text>`+"\n", y, t.Hidden)
	}
	b.WriteString("</svg>")
	return template.HTML(b.String()) //nolint:gosec // every text above went through esc
}

func esc(s string) string { return template.HTMLEscapeString(s) }

// axisStep picks a round tick interval giving at most 12 ticks.
func axisStep(length time.Duration) time.Duration {
	for _, s := range []int{1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600} {
		if length/(time.Duration(s)*time.Second) <= 12 {
			return time.Duration(s) * time.Second
		}
	}
	return time.Hour
}

func axisLabel(d time.Duration) string {
	if d >= time.Minute && d%time.Minute == 0 {
		return fmt.Sprintf("%dm", int(d.Minutes()))
	}
	if d >= time.Minute {
		return fmt.Sprintf("%dm%ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%ds", int(d.Seconds()))
}
